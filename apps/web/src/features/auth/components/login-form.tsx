import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput } from '@trowel/shared/auth/auth.schemas.ts';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { focusRing } from '../../../components/ui/button.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useLogin } from '../api/login.ts';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

/** Email and password sign-in; the session it starts is picked up by the sign-in route. */
export function LoginForm() {
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const [loginError, setLoginError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setLoginError(null);
    try {
      await login.mutateAsync(values);
      toast.success('Welcome back!');
    } catch (error) {
      setLoginError(isApiError(error) && error.message ? error.message : LOGIN_FAILED_MESSAGE);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {loginError ? (
        <Alert title="Login Error" onDismiss={() => setLoginError(null)}>
          {loginError}
        </Alert>
      ) : null}
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            placeholder="you@company.com"
          />
        )}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <div className="relative">
            <Input
              {...control}
              {...form.register('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
              className="pr-11"
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              className={cn(
                'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800',
                focusRing,
              )}
            >
              {showPassword ? (
                <EyeOff aria-hidden="true" className="size-4" />
              ) : (
                <Eye aria-hidden="true" className="size-4" />
              )}
              <span className="sr-only">{showPassword ? 'Hide password' : 'Show password'}</span>
            </button>
          </div>
        )}
      </FormField>
      <BusyButton type="submit" className="w-full" busy={login.isPending} busyLabel="Signing in...">
        Sign In
      </BusyButton>
    </form>
  );
}
