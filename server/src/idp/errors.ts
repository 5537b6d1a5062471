/**
 * Errors of the Cognito JSON protocol (DESIGN §3): HTTP 400 with header `x-amzn-ErrorType: <Type>`
 * and body `{ "__type": "<Type>", "message": "…" }`. aws-amplify v6 (`parseJsonError` in
 * @aws-amplify/core) takes the error name from that header (falling back to `__type`) and the message
 * from `message`, so `signIn` rejects with e.g. `error.name === 'NotAuthorizedException'`.
 */

/** Cognito error types the local identity provider answers. */
export type CognitoErrorType =
  | 'NotAuthorizedException'
  | 'InvalidParameterException'
  | 'InvalidPasswordException'
  | 'ResourceNotFoundException'
  | 'UnknownOperationException'
  | 'SerializationException'
  | 'ExpiredCodeException'
  | 'CodeMismatchException'
  | 'UserNotFoundException'
  | 'TooManyRequestsException'
  | 'LimitExceededException'
  | 'EnableSoftwareTokenMFAException'
  | 'InternalErrorException';

export class CognitoError extends Error {
  /** @param status HTTP status: 400 for every client error, 429 for TooManyRequestsException, 500 for InternalErrorException. */
  constructor(
    readonly type: CognitoErrorType,
    message: string,
    readonly status: 400 | 429 | 500 = 400,
  ) {
    super(message);
    this.name = type;
  }
}

/** The one answer for a wrong password and for an unknown user alike (no user enumeration). */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

export const notAuthorized = (message = INCORRECT_CREDENTIALS) => new CognitoError('NotAuthorizedException', message);
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const codeMismatch = (message = 'Invalid code received for user') => new CognitoError('CodeMismatchException', message);
