/**
 * The Account tab's values and body (AccountSettingsPage.tsx; spec 002 §2 "business type shown only
 * in power-user mode", §3 Account details, spec 000 §5 billing fields optional).
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { accountSettingsBody, accountSettingsSchema, accountSettingsValues } from './AccountSettingsPage';

const detail = { billingEmail: 'b@example.com', phoneNumber: null, businessId: null, taxId: 'FI1', address: null, zipCode: null, country: 'Finland', businessType: 'Retail' };

describe('Account tab', () => {
  it('starts from the stored fields, blanks as empty text', () => {
    expect(accountSettingsValues(detail)).toEqual({ billingEmail: 'b@example.com', phoneNumber: '', businessId: '', taxId: 'FI1', address: '', zipCode: '', country: 'Finland', businessType: 'Retail' });
  });

  it('sends every billing field (blank → null) and the business type only in power-user mode', () => {
    const values = { ...accountSettingsValues(detail), address: ' Katu 1 ', taxId: ' ' };
    const body = accountSettingsBody(values, false);
    expect(body).toEqual({ billingEmail: 'b@example.com', phoneNumber: null, businessId: null, taxId: null, address: 'Katu 1', zipCode: null, country: 'Finland' });
    expect(body).not.toHaveProperty('businessType');
    expect(accountSettingsBody({ ...values, businessType: '' }, true).businessType).toBeNull();
  });

  it('accepts an empty billing email and refuses one that is not an address', () => {
    const schema = accountSettingsSchema({ email: 'bad email' });
    expect(v.safeParse(schema, { ...accountSettingsValues(detail), billingEmail: '' }).success).toBe(true);
    const bad = v.safeParse(schema, { ...accountSettingsValues(detail), billingEmail: 'nope' });
    expect(bad.success ? [] : bad.issues.map((i) => i.message)).toEqual(['bad email']);
  });
});
