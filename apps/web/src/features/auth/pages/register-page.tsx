import { ACCOUNT_MSG, LIMITS, MSG } from '@wyn/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { notify } from '@/lib/toast';
import { href, paths } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { useProductName } from '@/lib/queries/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRegister } from '../api/register';
import { AuthShell } from '../components/auth-shell';
import { PasswordInput } from '../components/password-input';
import {
  mapServerErrors,
  toRegisterRequest,
  validateRegister,
  type RegisterErrors,
  type RegisterValues,
} from '../lib/register-form';
import { rememberCodeSent, type VerifyLocationState } from '../lib/verify-state';

const EMPTY: RegisterValues = { fullName: '', username: '', email: '', phone: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const navigate = useNavigate();
  const productName = useProductName();
  useDocumentTitle('Create account', productName);
  const register = useRegister();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<RegisterErrors>({});

  const set = (key: keyof RegisterValues) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    register.mutate(toRegisterRequest(values), {
      onSuccess: (res) => {
        // A repeat for one's own pending sign-up is answered like a resend, with its own wording.
        notify.success(res.detail || MSG.registerSuccess);
        rememberCodeSent(res.identifier);
        const state: VerifyLocationState = { identifier: res.identifier, delivery: res.delivery };
        void navigate(href.verify(res.identifier), { state });
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          const mapped = mapServerErrors(err.fieldErrors);
          if (!Object.keys(mapped).length) mapped.form = err.message;
          setErrors(mapped);
        } else {
          setErrors({ form: MSG.defaultError });
        }
      },
    });
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle="Use a username, email or phone number — at least one of them."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className="font-semibold text-primary hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Create account">
        {errors.form ? (
          <Alert>
            {errors.form}
            {errors.form === ACCOUNT_MSG.registrationPending ? (
              <>
                {' '}
                <Link to={paths.forgotPassword} className="font-semibold underline">
                  {ACCOUNT_MSG.forgotPasswordLink}
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        <FormField label="Full Name" error={errors.fullName}>
          <Input
            name="fullName"
            autoComplete="name"
            value={values.fullName}
            onChange={set('fullName')}
            placeholder="Alex Morgan"
          />
        </FormField>
        <FormField label="Username" error={errors.username}>
          <Input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={set('username')}
            placeholder="alex_m"
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Email" error={errors.email}>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={set('email')}
              placeholder="you@example.com"
            />
          </FormField>
          <FormField label="Phone Number" error={errors.phone}>
            <Input
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={values.phone}
              onChange={set('phone')}
              placeholder="+1 555 123 4567"
            />
          </FormField>
        </div>
        <FormField
          label="Password"
          required
          error={errors.password}
          hint={`At least ${LIMITS.passwordMin} characters.`}
        >
          <PasswordInput
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
        </FormField>
        <FormField label="Confirm Password" required error={errors.confirmPassword}>
          <PasswordInput
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </FormField>
        <p className="text-xs text-muted-foreground">
          By creating an account you agree to our{' '}
          <Link to={paths.terms} className="font-medium text-foreground underline-offset-2 hover:underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className="font-medium text-foreground underline-offset-2 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
          Create account
        </Button>
      </form>
    </AuthShell>
  );
}

export default RegisterPage;
