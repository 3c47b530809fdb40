import { LIMITS, MSG, type RegisterRequest } from '@wyn/contract';

export interface RegisterValues {
  fullName: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export type RegisterField = keyof RegisterValues | 'form';
export type RegisterErrors = Partial<Record<RegisterField, string>>;

/** Client checks of docs/spec/01-signin-home-create.md §5 (plus the server's 8-character password minimum). */
export function validateRegister(v: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!v.username.trim() && !v.email.trim() && !v.phone.trim()) errors.form = MSG.registerNeedIdentifier;
  if (!v.password) errors.password = MSG.passwordRequired;
  else if (v.password.length < LIMITS.passwordMin) errors.password = MSG.passwordTooShort;
  if (!v.confirmPassword) errors.confirmPassword = MSG.passwordRequired;
  else if (v.password && v.password !== v.confirmPassword) errors.confirmPassword = MSG.passwordsDoNotMatch;
  return errors;
}

/** Full name split at the first space: first part first_name, the rest last_name. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const trimmed = fullName.trim();
  const i = trimmed.indexOf(' ');
  if (i === -1) return { first_name: trimmed, last_name: '' };
  return { first_name: trimmed.slice(0, i), last_name: trimmed.slice(i + 1).trim() };
}

/** The register payload; empty fields are left out. */
export function toRegisterRequest(v: RegisterValues): RegisterRequest {
  const body: RegisterRequest = { password: v.password };
  const { first_name, last_name } = splitFullName(v.fullName);
  if (v.username.trim()) body.username = v.username.trim();
  if (v.email.trim()) body.email = v.email.trim();
  if (v.phone.trim()) body.phone_number = v.phone.trim();
  if (first_name) body.first_name = first_name;
  if (last_name) body.last_name = last_name;
  return body;
}

/** Server field names → form fields. */
export function mapServerErrors(fieldErrors: Record<string, string>): RegisterErrors {
  const out: RegisterErrors = {};
  const map: Record<string, RegisterField> = {
    username: 'username',
    email: 'email',
    phone_number: 'phone',
    password: 'password',
    first_name: 'fullName',
    last_name: 'fullName',
    non_field_errors: 'form',
  };
  for (const [key, msg] of Object.entries(fieldErrors)) {
    const field = map[key];
    if (field && !out[field]) out[field] = msg;
  }
  return out;
}
