/**
 * /dashboard entry rules (spec 000 §2) and the guards' redirect handling.
 */
import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import { isRedirect } from "@tanstack/react-router";
import type { Account, User, UserRole } from "../../api/types";
import {
  provideSessionActors,
  type SessionUser,
  type SignInCredentials,
  type SignInOutcome,
  type ConfirmSignInInput,
} from "../../../machines/session/session.machine";
import { isStaffOrReseller } from "../chrome/permissions";
import { dashboardEntry } from "./entry";
import {
  requireAuthenticated,
  requireGuest,
  safeRedirectTarget,
} from "./guards";
import { createSessionHandle } from "./session";

const user = (over: Partial<User> = {}): User => ({
  id: 1,
  email: "owner@example.com",
  firstName: "O",
  lastName: "Wner",
  phoneNumber: null,
  language: "en",
  profilePicture: null,
  multifactor: false,
  external: false,
  createdAt: "2026-01-01T00:00:00Z",
  isSuperuser: false,
  isCustomerSuccess: false,
  isReseller: false,
  roles: [],
  userIntegrations: [],
  hasGoogleDriveIntegration: false,
  ...over,
});
const role = (
  accountId: number,
  status: UserRole["status"] = "Active",
): UserRole => ({ id: accountId * 10, accountId, role: "Owner", status });
const account = (
  id: number,
  publicId: string,
  roleStatus: Account["roleStatus"] = "Active",
): Account => ({
  id,
  publicId,
  businessName: publicId.toUpperCase(),
  role: "Owner",
  roleId: id * 10,
  roleStatus,
  status: "Active",
  color: null,
  options: {},
  createdAt: "2026-01-01T00:00:00Z",
});

describe("dashboardEntry", () => {
  const accounts = [
    account(1, "demo"),
    account(2, "acme"),
    account(3, "globex"),
    account(4, "initech", "Invited"),
  ];

  it("sends staff to the accounts list whatever their roles", () => {
    for (const flag of [
      "isSuperuser",
      "isCustomerSuccess",
      "isReseller",
    ] as const) {
      const u = user({ [flag]: true, roles: [role(1)] });
      expect(isStaffOrReseller(u)).toBe(true);
      expect(dashboardEntry(u, accounts)).toEqual({ to: "accounts" });
    }
  });

  it("sends a user with more than 2 active roles to team select", () => {
    expect(
      dashboardEntry(user({ roles: [role(1), role(2), role(3)] }), accounts),
    ).toEqual({ to: "teamSelect" });
  });

  it("sends a user with 1 or 2 active roles to the first active account's vidbots", () => {
    expect(dashboardEntry(user({ roles: [role(2)] }), accounts)).toEqual({
      to: "account",
      publicId: "acme",
    });
    expect(
      dashboardEntry(user({ roles: [role(1), role(2)] }), accounts),
    ).toEqual({ to: "account", publicId: "demo" });
    expect(
      dashboardEntry(user({ roles: [role(4, "Invited"), role(3)] }), accounts),
    ).toEqual({ to: "account", publicId: "globex" });
  });

  it("sends a user with only invited roles to team select", () => {
    expect(
      dashboardEntry(user({ roles: [role(4, "Invited")] }), accounts),
    ).toEqual({ to: "teamSelect" });
  });

  it("sends a user without roles to no-account", () => {
    expect(dashboardEntry(user(), accounts)).toEqual({ to: "noAccount" });
  });
});

describe("safeRedirectTarget", () => {
  it("keeps same-site paths and refuses the rest", () => {
    expect(safeRedirectTarget("/dashboard/demo/media?page=2")).toBe(
      "/dashboard/demo/media?page=2",
    );
    expect(safeRedirectTarget(undefined)).toBe("/dashboard");
    expect(safeRedirectTarget("https://evil.example/")).toBe("/dashboard");
    expect(safeRedirectTarget("//evil.example/")).toBe("/dashboard");
    expect(safeRedirectTarget("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirectTarget("/login?redirect=/x")).toBe("/dashboard");
  });
});

describe("guards", () => {
  const signedInUser: SessionUser = {
    userId: "u1",
    email: "owner@example.com",
  };
  function handleWithStoredSession(stored: SessionUser | null) {
    let settle: (u: SessionUser | null) => void = () => undefined;
    const actor = createActor(
      provideSessionActors({
        loadSession: fromPromise<SessionUser | null>(
          () => new Promise((resolve) => (settle = resolve)),
        ),
        signIn: fromPromise<SignInOutcome, SignInCredentials>(async () => ({
          kind: "signedIn",
          user: signedInUser,
        })),
        confirmSignIn: fromPromise<SignInOutcome, ConfirmSignInInput>(
          async () => ({ kind: "signedIn", user: signedInUser }),
        ),
        signOut: fromPromise<void>(async () => undefined),
        refreshSession: fromPromise<SessionUser>(async () => signedInUser),
        listenToAuthHub: fromCallback(() => () => undefined),
      }),
    );
    actor.start();
    return { handle: createSessionHandle(actor), settle: () => settle(stored) };
  }

  async function thrown(p: Promise<unknown>): Promise<unknown> {
    try {
      await p;
      return undefined;
    } catch (e) {
      return e;
    }
  }

  it("waits for the stored session before deciding, then lets a signed-in user through", async () => {
    const { handle, settle } = handleWithStoredSession(signedInUser);
    const decision = thrown(
      requireAuthenticated(handle, "/dashboard/demo/media"),
    );
    settle();
    expect(await decision).toBeUndefined();
  });

  it("sends an unauthenticated visitor to /login with the redirect target", async () => {
    const { handle, settle } = handleWithStoredSession(null);
    const decision = thrown(
      requireAuthenticated(handle, "/dashboard/demo/media"),
    );
    settle();
    const error = await decision;
    expect(isRedirect(error)).toBe(true);
    const options = (error as { options: { to: string; search: unknown } })
      .options;
    expect(options.to).toBe("/login");
    expect(options.search).toEqual({ redirect: "/dashboard/demo/media" });
  });

  it("sends a signed-in user away from guest pages to /dashboard", async () => {
    const { handle, settle } = handleWithStoredSession(signedInUser);
    const decision = thrown(requireGuest(handle));
    settle();
    const error = await decision;
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to: string } }).options.to).toBe(
      "/dashboard",
    );
    const guest = handleWithStoredSession(null);
    const ok = thrown(requireGuest(guest.handle));
    guest.settle();
    expect(await ok).toBeUndefined();
  });
});
