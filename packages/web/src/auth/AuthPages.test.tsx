// @vitest-environment jsdom
import '../test/setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  FIELD_CANNOT_BE_EMPTY, INVALID_EMAIL, INVALID_EMAIL_ADDRESS, PASSWORDS_DO_NOT_MATCH, PLEASE_ENTER_A_NEW_PASSWORD,
  PASSWORD_TOO_SHORT, PLEASE_ENTER_YOUR_EMAIL_ADDRESS, PLEASE_ENTER_YOUR_PASSWORD, RESET_PASSWORDS_DO_NOT_MATCH,
} from '@stacksmith/domain';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { redirectTarget } from './redirect';

const inRouter = (node: React.ReactNode, path = '/') => render(<MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{node}</MemoryRouter>);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('login form', () => {
  it('shows the spec messages for missing fields and a bad email', async () => {
    inRouter(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(PLEASE_ENTER_YOUR_EMAIL_ADDRESS)).toBeInTheDocument();
    expect(await screen.findByText(PLEASE_ENTER_YOUR_PASSWORD)).toBeInTheDocument();
    fireEvent.change(field('Email'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText(INVALID_EMAIL)).toBeInTheDocument();
  });
});

describe('signup form', () => {
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
