// Auth state: the token, the user and the login, signup and check transitions.
import { create } from 'zustand';
import { UNABLE_TO_LOGIN, type LoginReply as LoginResponse } from '@stacksmith/domain';
import { api, type SignupPayload } from '../api/client';
import { clearToken, readToken, writeToken } from '../api/token';

export interface AuthState {
  loggedin: boolean;
  admin: boolean;
  name: string;
  errorMessage: string | null;
  failedLogin: boolean;
  failedSignup: boolean;
  loading: boolean;
  loadingCheck: boolean;
  login: (email: string, password: string) => Promise<boolean>;
  signUp: (payload: SignupPayload) => Promise<boolean>;
  logout: () => void;
  /** The token check on load: the stored token, or a partner token and user id from the URL. */
  check: (partner?: { token: string; id: string }) => Promise<void>;
}

async function call(fn: () => Promise<LoginResponse>): Promise<LoginResponse> {
  try {
    return await fn();
  } catch (error) {
    // A refused login answers 200 with success false; anything thrown is a network or server failure.
    const status = (error as { status?: number }).status;
    if (status && status < 500 && (error as Error).message) return { success: false, access_token: null, first_name: null, error: (error as Error).message };
    throw new Error(UNABLE_TO_LOGIN);
  }
}

export const useAuth = create<AuthState>((set) => {
  const receive = (response: LoginResponse, failKey: 'failedLogin' | 'failedSignup'): boolean => {
    if (response.success && response.access_token) {
      writeToken(response.access_token);
      set({ loggedin: true, name: response.first_name ?? '', loading: false, errorMessage: null, failedLogin: false, failedSignup: false });
      return true;
    }
    set({ loggedin: false, loading: false, errorMessage: response.error ?? null, [failKey]: true });
    return false;
  };
  // The login answer does not say whether the account is an admin: ask, so that an admin sees
  // the admin features right after logging in, not only after the next page load.
  const learnAdmin = async (): Promise<void> => {
    const token = readToken();
    if (!token) return;
    const answer = await api.authCheck(token).catch(() => null);
    if (answer?.success) set({ admin: Boolean(answer.admin) });
  };
  const fail = (error: unknown, failKey: 'failedLogin' | 'failedSignup'): boolean => {
    set({ loggedin: false, loading: false, errorMessage: (error as Error).message || UNABLE_TO_LOGIN, [failKey]: true });
    return false;
  };
  return {
    loggedin: readToken() !== null,
    admin: false,
    name: '',
    errorMessage: null,
    failedLogin: false,
    failedSignup: false,
    loading: false,
    loadingCheck: false,
    async login(email, password) {
      set({ loading: true, loggedin: false, errorMessage: null, failedLogin: false });
      try {
        const ok = receive(await call(() => api.login(email, password)), 'failedLogin');
        if (ok) await learnAdmin();
        return ok;
      } catch (error) {
        return fail(error, 'failedLogin');
      }
    },
    async signUp(payload) {
      set({ loading: true, loggedin: false, errorMessage: null, failedSignup: false });
      try {
        return receive(await call(() => api.signUp(payload)), 'failedSignup');
      } catch (error) {
        return fail(error, 'failedSignup');
      }
    },
    logout() {
      clearToken();
      set({ loggedin: false, admin: false, name: '', errorMessage: null, failedLogin: false, failedSignup: false, loading: false });
    },
    async check(partner) {
      const token = partner?.token ?? readToken();
      if (!token) {
        clearToken();
        set({ loggedin: false, admin: false, name: '', loadingCheck: false });
        return;
      }
      set({ loadingCheck: true });
      try {
        const answer = await api.authCheck(token, partner?.id);
        if (!answer.success) throw new Error('token refused');
        if (answer.new_token) writeToken(answer.new_token);
        else if (partner) writeToken(token);
        set({ loggedin: true, admin: Boolean(answer.admin), name: answer.name ?? '', loadingCheck: false });
      } catch {
        // A check that fails logs out: a token the server no longer takes is useless.
        clearToken();
        set({ loggedin: false, admin: false, name: '', loadingCheck: false });
      }
    },
  };
});
