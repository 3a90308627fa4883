// @vitest-environment jsdom
import '../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  EMAIL_ALREADY_REGISTERED, FIELD_CANNOT_BE_EMPTY, INVALID_CREDENTIALS, TOKEN_STORAGE_KEY, UNABLE_TO_LOGIN, INVALID_EMAIL, INVALID_EMAIL_ADDRESS, PASSWORDS_DO_NOT_MATCH, PLEASE_ENTER_A_NEW_PASSWORD,
  PASSWORD_TOO_SHORT, PLEASE_ENTER_YOUR_EMAIL_ADDRESS, PLEASE_ENTER_YOUR_PASSWORD, RESET_PASSWORDS_DO_NOT_MATCH,
} from '@stacksmith/domain';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { redirectTarget } from './redirect';
import { sessionKey, useAuth, useLogout } from './session';
import { setSession, USER } from '../test/session';
import { testQueryClient, withClient } from '../test/queryClient';

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

/** Renders the page at `path` beside a stand-in for every other route, with `client` as the query cache. */
const inRouter = (node: React.ReactNode, path = '/', client: QueryClient = testQueryClient()) => render(
  <QueryClientProvider client={client}>
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path={path.split('?')[0]} element={node} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>,
);

/** Answers the API calls by path: a body (200) or a [status, body] pair; an Error is a network failure. */
function serve(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://x').pathname;
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    const [status, body] = Array.isArray(answer) ? answer as [number, unknown] : [200, answer];
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const logIn = (email: string, password: string) => {
  fireEvent.change(field('Email'), { target: { value: email } });
  fireEvent.change(field('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
};
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('shows the spec messages for missing fields and a bad email', async () => {
    inRouter(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(PLEASE_ENTER_YOUR_EMAIL_ADDRESS)).toBeInTheDocument();
    expect(await screen.findByText(PLEASE_ENTER_YOUR_PASSWORD)).toBeInTheDocument();
    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText(INVALID_EMAIL)).toBeInTheDocument();
  });

  it('logs in: stores the token, caches the session with admin from the token check, and goes where the user was going', async () => {
    const fetchMock = serve({
      '/api/login': { success: true, access_token: 'tok-1', first_name: 'Ann', error: null },
      '/api/auth/main/tok-1': { success: true, new_token: 'tok-1', admin: true, name: 'Ann' },
    });
    const client = testQueryClient();
    inRouter(<LoginPage />, '/login?redirectTo=/account', client);
    logIn('ann@example.com', 'secret-12');
    expect(await screen.findByTestId('where')).toHaveTextContent('/account');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(client.getQueryData(sessionKey)).toEqual({ admin: true, name: 'Ann' });
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ email: 'ann@example.com', password: 'secret-12' });
  });

  it('shows the server\'s reason for a refused login and stays logged out', async () => {
    serve({ '/api/login': { success: false, access_token: null, first_name: null, error: INVALID_CREDENTIALS } });
    const client = testQueryClient();
    inRouter(<LoginPage />, '/login', client);
    logIn('ann@example.com', 'wrong-pass');
    expect(await screen.findByText(INVALID_CREDENTIALS)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(client.getQueryData(sessionKey)).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('says "unable to login" when the server cannot be reached, and the 4xx message when it refuses the request', async () => {
    serve({ '/api/login': new TypeError('Failed to fetch') });
    inRouter(<LoginPage />, '/login');
    logIn('ann@example.com', 'secret-12');
    expect(await screen.findByText(UNABLE_TO_LOGIN)).toBeInTheDocument();
    vi.unstubAllGlobals();
    serve({ '/api/login': [429, { error: 'Too many login attempts. Please wait a minute and try again.' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many login attempts. Please wait a minute and try again.')).toBeInTheDocument();
  });

  it('sends a logged-in user straight on, without the form', async () => {
    const client = testQueryClient();
    setSession(client, USER);
    inRouter(<LoginPage />, '/login?redirectTo=/plans', client);
    expect(await screen.findByTestId('where')).toHaveTextContent('/plans');
  });
});

describe('the session', () => {
  it('counts a stored token as logged in until the check answers, and logout drops token and session', () => {
    const client = testQueryClient();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const { result } = renderHook(() => ({ auth: useAuth(), logout: useLogout() }), { wrapper: withClient(client) });
    expect(result.current.auth).toEqual({ loggedin: true, admin: false, name: '' });
    act(() => setSession(client, { admin: true, name: 'Pat' }));
    expect(result.current.auth).toEqual({ loggedin: true, admin: true, name: 'Pat' });
    act(() => result.current.logout());
    expect(result.current.auth).toEqual({ loggedin: false, admin: false, name: '' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(client.getQueryData(sessionKey)).toBeNull();
  });
});

describe('signup form', () => {
  const fill = (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
  };
  const ann = { 'First name': 'Ann', 'Last name': 'Lee', Email: 'ann@example.com', Password: 'secret-12', 'Repeat password': 'secret-12' };

  it('signs up: stores the token, caches the session under the first name, and goes on', async () => {
    const fetchMock = serve({ '/api/sign-up': { success: true, access_token: 'tok-2', first_name: 'Ann', error: null } });
    const client = testQueryClient();
    inRouter(<SignupPage />, '/signup?redirectTo=/plans', client);
    fill(ann);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByTestId('where')).toHaveTextContent('/plans');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-2');
    expect(client.getQueryData(sessionKey)).toEqual({ admin: false, name: 'Ann' });
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)))
      .toEqual({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', password: 'secret-12' });
  });

  it('shows why a sign-up was refused', async () => {
    serve({ '/api/sign-up': { success: false, access_token: null, first_name: null, error: EMAIL_ALREADY_REGISTERED } });
    inRouter(<SignupPage />, '/signup');
    fill(ann);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText(EMAIL_ALREADY_REGISTERED)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps Sign up disabled until every field is filled without errors', async () => {
    inRouter(<SignupPage />);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(submit).toBeDisabled();
    fireEvent.change(field('First name'), { target: { value: 'Ann' } });
    fireEvent.change(field('First name'), { target: { value: '' } });
    expect(await screen.findByText(FIELD_CANNOT_BE_EMPTY)).toBeInTheDocument();
    fireEvent.change(field('First name'), { target: { value: 'Ann' } });
    fireEvent.change(field('Last name'), { target: { value: 'Lee' } });
    fireEvent.change(field('Email'), { target: { value: 'ann@' } });
    expect(await screen.findByText(INVALID_EMAIL_ADDRESS)).toBeInTheDocument();
    fireEvent.change(field('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(field('Password'), { target: { value: 'short' } });
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeInTheDocument();
    fireEvent.change(field('Password'), { target: { value: 'secret-1' } });
    fireEvent.change(field('Repeat password'), { target: { value: 'secret-2' } });
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.change(field('Repeat password'), { target: { value: 'secret-1' } });
    await waitFor(() => expect(submit).toBeEnabled());
  });
});

describe('reset password form', () => {
  it('requires both fields and that they match', async () => {
    inRouter(<ResetPasswordPage />, '/reset-password?token=abc');
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(screen.getAllByText(PLEASE_ENTER_A_NEW_PASSWORD)).toHaveLength(2));
    fireEvent.change(field('New password'), { target: { value: 'one' } });
    fireEvent.change(field('Confirm new password'), { target: { value: 'two' } });
    expect(await screen.findByText(RESET_PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
  });
});

describe('redirect after login', () => {
  it('goes to redirectTo with plan and sport re-attached, never off-site', () => {
    expect(redirectTarget(new URLSearchParams('redirectTo=/optimizer/classic/nfl/dk/Main&plan=pro&sport=nfl')))
      .toBe('/optimizer/classic/nfl/dk/Main?plan=pro&sport=nfl');
    expect(redirectTarget(new URLSearchParams('redirectTo=https://evil.example'))).toBe('/');
    expect(redirectTarget(new URLSearchParams(''))).toBe('/');
  });
});
