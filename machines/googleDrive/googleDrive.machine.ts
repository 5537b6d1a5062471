/**
 * Google Drive import chart (spec 001 §2 "Media library" gdrive=true, "Google Drive import"; §3
 * "Google Drive file"; §8 queued toast; spec 002 §4 "Google OAuth callback").
 *
 * ```
 *  checkingConnection ──error──► checkFailed ──gdrive.retry──┐
 *     │ not connected                 ▲                      │ (back to checkingConnection)
 *     ▼                               │
 *  disconnected ──gdrive.connect──► requestingCsrf ──done──► redirecting (persist {state, returnTo},
 *     ▲   ▲                             │ 409 google_not_configured ──► notConfigured   leave for Google)
 *     │   └────── other error (connectFailed) ◄─┘   redirect fails ──► disconnected (connectFailed)
 *     │ done / 409 google_not_connected
 *  connected ─────────────────────────────────────────────────────────────────────────────┐
 *  │ listing (GET drive/list) ──done──► browsing ──gdrive.select──► browsing (selection)   │
 *  │    │ error ──► listFailed ──gdrive.retry──► listing (409 google_not_configured ──► notConfigured)
 *  │  gdrive.search (listing | browsing | listFailed | debouncing) ──► debouncing          │
 *  │      ──searchDebounce (300 ms, restarts on each keystroke)──► listing                 │
 *  │  browsing ──gdrive.import [a file is selected]──► importing (POST drive/upload/{id})  │
 *  │      importing ──done──► queued (announceQueued: refresh lists + toast) ──► done (final)
 *  │      importing ──error──► browsing (importFailed | importForbidden)                   │
 *  │  browsing | listFailed ──gdrive.disconnect──► disconnecting (POST auth/logout)        │
 *  │      disconnecting ──error──► browsing (disconnectFailed)                             │
 *  └─ any call answering 409 google_not_connected, or disconnect done ──► disconnected ───┘
 * ```
 *
 * Working states carry the tag `pending`. The search name, the latest list and the selection live in
 * context; a new list keeps the selection only when the selected file is still listed.
 */
import { assign, setup } from 'xstate';
import {
  missingGoogleDriveActors,
  type AnnounceQueuedInput,
  type CheckConnectionInput,
  type DriveFile,
  type ImportFileInput,
  type ListFilesInput,
  type RedirectInput,
} from './googleDrive.actors';

/** Spec 002 §9: search inputs are debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec 001 §2: the list shows the latest 20 files. */
export const DRIVE_LIST_LIMIT = 20;

/** Error codes of the integration API (docs/api.md "Google Drive"). */
export const NOT_CONNECTED_CODE = 'google_not_connected';
export const NOT_CONFIGURED_CODE = 'google_not_configured';

/** What went wrong last; the view words it. */
export type GoogleDriveFailureKind =
  | 'checkFailed'
  | 'connectFailed'
  | 'listFailed'
  | 'importFailed'
  | 'importForbidden'
  | 'disconnectFailed';

export interface GoogleDriveFailure {
  kind: GoogleDriveFailureKind;
  /** Server detail or error message, for logs; may be null. */
  message: string | null;
}

/** Chart memory. */
export interface GoogleDriveContext {
  accountId: number;
  returnTo: string;
  searchName: string;
  files: DriveFile[];
  selectedFileId: string | null;
  failure: GoogleDriveFailure | null;
  /** The media row the last import created. */
  mediaId: number | null;
  csrf: { state: string; authorizationUrl: string } | null;
}

/** Input: the account importing into and where to come back after the Google sign-in. */
export interface GoogleDriveInput {
  accountId: number;
  returnTo: string;
}

/** Events the dialog sends. */
export type GoogleDriveEvent =
  | { type: 'gdrive.connect' }
  | { type: 'gdrive.retry' }
  | { type: 'gdrive.search'; name: string }
  | { type: 'gdrive.select'; fileId: string }
  | { type: 'gdrive.import' }
  | { type: 'gdrive.disconnect' };

/** The `code` of an API error (`{ code: 'google_not_connected' }`), or null. */
export function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

/** The HTTP status of an API error, or null. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  const { status } = error as { status: unknown };
  return typeof status === 'number' ? status : null;
}

/** The message of an error value (detail first), for logs. */
export function errorMessage(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'detail' in error) {
    const { detail } = error as { detail: unknown };
    if (typeof detail === 'string' && detail !== '') return detail;
  }
  if (error instanceof Error) return error.message;
  return null;
}

function isDriveFile(value: unknown): value is DriveFile {
  if (typeof value !== 'object' || value === null) return false;
  const f = value as Record<string, unknown>;
  return typeof f.id === 'string' && typeof f.name === 'string';
}

type Ev = GoogleDriveEvent | { type: string; output?: unknown; error?: unknown };

function errorOf(event: Ev): unknown {
  return 'error' in event ? event.error : undefined;
}

function outputOf(event: Ev): unknown {
  return 'output' in event ? event.output : undefined;
}

function failure(kind: GoogleDriveFailureKind) {
  return assign<GoogleDriveContext, Ev, undefined, GoogleDriveEvent, never>(({ event }) => ({
    failure: { kind, message: errorMessage(errorOf(event)) },
  }));
}

/** The search transition shared by every connected resting state. */
const searchRequest = { target: '#googleDrive.connected.debouncing', reenter: true, actions: 'storeSearch' as const };

export const googleDriveMachine = setup({
  types: {
    context: {} as GoogleDriveContext,
    events: {} as GoogleDriveEvent,
    input: {} as GoogleDriveInput,
  },
  actors: missingGoogleDriveActors,
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    isConnected: ({ event }) => {
      const output = outputOf(event);
      return typeof output === 'object' && output !== null && (output as { connected?: unknown }).connected === true;
    },
    isNotConnected: ({ event }) => errorCode(errorOf(event)) === NOT_CONNECTED_CODE,
    isNotConfigured: ({ event }) => errorCode(errorOf(event)) === NOT_CONFIGURED_CODE,
    isForbidden: ({ event }) => errorStatus(errorOf(event)) === 403,
    /** Only a listed file can be chosen. */
    isListedFile: ({ context, event }) => event.type === 'gdrive.select' && context.files.some((f) => f.id === event.fileId),
    hasSelection: ({ context }) => context.selectedFileId !== null && context.files.some((f) => f.id === context.selectedFileId),
  },
  actions: {
    storeSearch: assign(({ event }) => (event.type === 'gdrive.search' ? { searchName: event.name.trim() } : {})),
    storeFiles: assign(({ context, event }) => {
      const output = outputOf(event);
      const files = Array.isArray(output) ? output.filter(isDriveFile).slice(0, DRIVE_LIST_LIMIT) : [];
      const keep = files.some((f) => f.id === context.selectedFileId);
      return { files, selectedFileId: keep ? context.selectedFileId : null, failure: null };
    }),
    storeSelection: assign(({ event }) => (event.type === 'gdrive.select' ? { selectedFileId: event.fileId, failure: null } : {})),
    storeCsrf: assign(({ event }) => {
      const output = outputOf(event) as { state?: unknown; authorizationUrl?: unknown } | undefined;
      return typeof output?.state === 'string' && typeof output.authorizationUrl === 'string'
        ? { csrf: { state: output.state, authorizationUrl: output.authorizationUrl } }
        : {};
    }),
    storeMedia: assign(({ event }) => {
      const output = outputOf(event) as { mediaId?: unknown } | undefined;
      return { mediaId: typeof output?.mediaId === 'number' ? output.mediaId : null };
    }),
    forgetFiles: assign({ files: [], selectedFileId: null, searchName: '' }),
    clearFailure: assign({ failure: null }),
    failCheck: failure('checkFailed'),
    failConnect: failure('connectFailed'),
    failList: failure('listFailed'),
    failImport: failure('importFailed'),
    failImportForbidden: failure('importForbidden'),
    failDisconnect: failure('disconnectFailed'),
  },
}).createMachine({
  id: 'googleDrive',
  context: ({ input }) => ({
    accountId: input.accountId,
    returnTo: input.returnTo,
    searchName: '',
    files: [],
    selectedFileId: null,
    failure: null,
    mediaId: null,
    csrf: null,
  }),
  initial: 'checkingConnection',
  states: {
    checkingConnection: {
      meta: { description: 'The import dialog opens and asks the server whether this account has connected Google Drive.' },
      tags: ['pending'],
      invoke: {
        id: 'checkConnection',
        src: 'checkConnection',
        input: ({ context }): CheckConnectionInput => ({ accountId: context.accountId }),
        onDone: [
          { guard: 'isConnected', target: 'connected', actions: 'clearFailure' },
          { target: 'disconnected', actions: 'clearFailure' },
        ],
        onError: { target: 'checkFailed', actions: 'failCheck' },
      },
    },
    checkFailed: {
      meta: { description: 'The server could not say whether Google Drive is connected; the dialog shows the error and a Try again button.' },
      tags: ['failure'],
      on: { 'gdrive.retry': 'checkingConnection' },
    },
    notConfigured: {
      meta: { description: 'This Vidbot installation has no Google Drive set-up, so the dialog explains that the import is not available.' },
    },
    disconnected: {
      meta: { description: 'Google Drive is not connected for this account; the dialog offers a Connect button.' },
      on: { 'gdrive.connect': { target: 'requestingCsrf', actions: 'clearFailure' } },
    },
    requestingCsrf: {
      meta: { description: 'The person pressed Connect; the server prepares a one-time sign-in link to Google.' },
      tags: ['pending'],
      invoke: {
        id: 'requestCsrf',
        src: 'requestCsrf',
        input: () => ({}),
        onDone: { target: 'redirecting', actions: 'storeCsrf' },
        onError: [
          { guard: 'isNotConfigured', target: 'notConfigured' },
          { target: 'disconnected', actions: 'failConnect' },
        ],
      },
    },
    redirecting: {
      meta: { description: 'The browser leaves for Google to ask the person to allow access to their Drive; afterwards Google sends them back to the media library.' },
      tags: ['pending'],
      invoke: {
        id: 'redirectToGoogle',
        src: 'redirectToGoogle',
        input: ({ context }): RedirectInput => ({
          state: context.csrf?.state ?? '',
          authorizationUrl: context.csrf?.authorizationUrl ?? '',
          returnTo: context.returnTo,
        }),
        onError: { target: 'disconnected', actions: 'failConnect' },
      },
    },
    connected: {
      meta: { description: 'Google Drive is connected: the dialog lists the person’s videos and images on Drive.' },
      initial: 'listing',
      states: {
        listing: {
          meta: { description: 'The latest files (or the ones matching the search) are being loaded from Drive; the list shows a spinner.' },
          tags: ['pending', 'listing'],
          invoke: {
            id: 'listFiles',
            src: 'listFiles',
            input: ({ context }): ListFilesInput => ({ accountId: context.accountId, searchName: context.searchName }),
            onDone: { target: 'browsing', actions: 'storeFiles' },
            onError: [
              { guard: 'isNotConnected', target: '#googleDrive.disconnected', actions: 'forgetFiles' },
              { guard: 'isNotConfigured', target: '#googleDrive.notConfigured', actions: 'forgetFiles' },
              { target: 'listFailed', actions: 'failList' },
            ],
          },
          on: { 'gdrive.search': searchRequest },
        },
        debouncing: {
          meta: { description: 'The person is typing a search; the list waits a moment for them to finish before searching.' },
          tags: ['listing'],
          after: { searchDebounce: 'listing' },
          on: { 'gdrive.search': searchRequest },
        },
        listFailed: {
          meta: { description: 'Loading the files from Drive failed; the dialog shows the error with Try again and Disconnect.' },
          tags: ['failure'],
          on: {
            'gdrive.retry': 'listing',
            'gdrive.search': searchRequest,
            'gdrive.disconnect': 'disconnecting',
          },
        },
        browsing: {
          meta: { description: 'The files are listed; the person can search, pick one file and press Import, or disconnect Drive. A failed import shows its error here.' },
          on: {
            'gdrive.search': searchRequest,
            'gdrive.select': { guard: 'isListedFile', actions: 'storeSelection' },
            'gdrive.import': { guard: 'hasSelection', target: 'importing', actions: 'clearFailure' },
            'gdrive.disconnect': { target: 'disconnecting', actions: 'clearFailure' },
          },
        },
        importing: {
          meta: { description: 'The chosen file is being handed to the server, which copies it from Drive into the media library.' },
          tags: ['pending'],
          invoke: {
            id: 'importFile',
            src: 'importFile',
            input: ({ context }): ImportFileInput => ({ accountId: context.accountId, fileId: context.selectedFileId ?? '' }),
            onDone: { target: 'queued', actions: 'storeMedia' },
            onError: [
              { guard: 'isNotConnected', target: '#googleDrive.disconnected', actions: 'forgetFiles' },
              { guard: 'isForbidden', target: 'browsing', actions: 'failImportForbidden' },
              { target: 'browsing', actions: 'failImport' },
            ],
          },
        },
        queued: {
          meta: { description: 'The server has queued the import; the media library is told to show the new item, which finishes processing on its own.' },
          tags: ['pending'],
          invoke: {
            id: 'announceQueued',
            src: 'announceQueued',
            input: ({ context }): AnnounceQueuedInput => ({
              accountId: context.accountId,
              mediaId: context.mediaId ?? 0,
              fileName: context.files.find((f) => f.id === context.selectedFileId)?.name ?? '',
            }),
            // The import is queued whatever the refresh does; the list polls on its own.
            onDone: '#googleDrive.done',
            onError: '#googleDrive.done',
          },
        },
        disconnecting: {
          meta: { description: 'The person asked to disconnect Google Drive; the server forgets the connection.' },
          tags: ['pending'],
          invoke: {
            id: 'disconnect',
            src: 'disconnect',
            input: () => ({}),
            onDone: { target: '#googleDrive.disconnected', actions: 'forgetFiles' },
            onError: { target: 'browsing', actions: 'failDisconnect' },
          },
        },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'The import is on its way; the dialog closes and the new item appears in the media library.' },
    },
  },
});

export type GoogleDriveMachine = typeof googleDriveMachine;
