import { describe, expect, it } from 'vitest';
import { canCreateVidbot, canEditVidbot } from './permissions';

const person = { id: 5, isSuperuser: false, isCustomerSuccess: false };
const staff = { id: 9, isSuperuser: true, isCustomerSuccess: false };
const publicBot = { privacy: 'Public' as const, author: { id: 1, email: 'a@example.com' } };
const privateBot = { privacy: 'Private' as const, author: { id: 1, email: 'a@example.com' } };

describe('vidbot permissions (spec 001 §6)', () => {
  it('Create is disabled for a Viewer only', () => {
    expect(canCreateVidbot('Viewer', person)).toBe(false);
    expect(canCreateVidbot('Editor', person)).toBe(true);
    expect(canCreateVidbot('Owner', person)).toBe(true);
    expect(canCreateVidbot(null, person)).toBe(false);
    expect(canCreateVidbot(null, staff)).toBe(true);
  });

  it('editing: Owner/Admin always, author, any non-Viewer on a Public bot, staff', () => {
    expect(canEditVidbot('Editor', person, publicBot)).toBe(true);
    expect(canEditVidbot('Editor', person, privateBot)).toBe(false);
    expect(canEditVidbot('Editor', { ...person, id: 1 }, privateBot)).toBe(true);
    expect(canEditVidbot('Admin', person, privateBot)).toBe(true);
    expect(canEditVidbot('Viewer', person, publicBot)).toBe(false);
    expect(canEditVidbot(null, staff, privateBot)).toBe(true);
  });
});
