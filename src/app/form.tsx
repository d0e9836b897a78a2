import { useRef, useState } from 'preact/hooks';
import { ApiFailure } from './api.js';
import type { FieldErrors } from './ui.js';

/**
 * The app's one form hook: a form's values, the checks it makes before sending, and the server's
 * refusal placed under the field its envelope names (`field`, docs/rest-api.md "Conventions"), or
 * above the button when it names none or a field the form does not have.
 *
 *   const form = useForm({ name: '', user_phone: '' }, {
 *     check: { name: required(t.fieldRequired), user_phone: phoneShape(t.phoneShape) },
 *     async submit(v) { await call('create_site', v, 'POST'); form.reset(); },
 *   });
 *   <form onSubmit={form.onSubmit} noValidate>
 *     <TextField {...form.field('name', t.name)} />
 *     <TextField {...form.field('user_phone', t.sitePhone)} type="tel" />
 *     <FormError errors={form.errors} />
 *     <button type="submit" disabled={form.busy}>{t.save}</button>
 *   </form>
 *
 * `field(name, label)` gives a `TextField` its id (the argument's name, so `#user_phone-error`
 * holds its message), value, input handler and error. A check answers the message to show, or
 * null; it sees the whole form too (a password typed twice). The server checks again and has the
 * last word. Besides text a form may hold a checkbox's boolean or a list of chosen values
 * (`set(name, value)`, `values[name]`); `field` takes text fields only.
 */
export type Check<T = string, V = Record<string, FormValue>> = (value: T, values: V) => string | null;

/** A check of one text alone (the common case), usable in any form. */
export type TextCheck = (value: string) => string | null;

/** What a form's value may be: text (inputs, selects), a checkbox's state, or the values chosen of a list. */
export type FormValue = string | boolean | readonly string[];

/** The names of a form's text values. */
export type TextName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface Form<V extends Record<string, FormValue>> {
  values: V;
  errors: FieldErrors;
  busy: boolean;
  set<K extends keyof V>(name: K, value: V[K]): void;
  /** A `TextField`'s props; `id` when the page has two fields of one name (its error is still `errors[name]`). */
  field<K extends TextName<V>>(
    name: K,
    label: string,
    id?: string,
  ): { id: string; label: string; value: string; onInput(v: string): void; error?: string };
  setErrors(e: FieldErrors): void;
  reset(): void;
  onSubmit(e: Event): void;
}

export function useForm<V extends Record<string, FormValue>>(
  initial: V,
  opts: { check?: { [K in keyof V]?: Check<V[K], V> }; submit(values: V): Promise<void> },
): Form<V> {
  const [values, setValuesState] = useState(initial);
  // The latest values, for a submit that comes before the next render (a fast Enter after typing).
  const latest = useRef(values);
  const setValues = (f: (v: V) => V) => {
    latest.current = f(latest.current);
    setValuesState(latest.current);
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const local = (): FieldErrors => {
    const found: FieldErrors = {};
    for (const [name, check] of Object.entries(opts.check ?? {}) as Array<[keyof V & string, Check<FormValue, V>]>) {
      const problem = check(latest.current[name], latest.current);
      if (problem) found[name] = problem;
    }
    return found;
  };
  const onSubmit = (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const found = local();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    opts.submit(latest.current).then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false);
        setErrors(placed(err, Object.keys(latest.current)));
      },
    );
  };
  return {
    values,
    errors,
    busy,
    set: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    field: (name, label, id = name) => ({
      id,
      label,
      value: values[name] as string,
      onInput: (v: string) => {
        setValues((x) => ({ ...x, [name]: v }));
        // Once changed, the field's message no longer speaks of what it holds.
        if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
      },
      error: errors[name],
    }),
    setErrors,
    reset: () => setValues(() => initial),
    onSubmit,
  };
}

/** A refusal under the field it names when the form has that field, else above the button. */
export function placed(err: unknown, fields: string[]): FieldErrors {
  if (err instanceof ApiFailure) return { [err.field && fields.includes(err.field) ? err.field : '_']: err.message };
  return { _: err instanceof Error ? err.message : String(err) };
}

/** At least `n` characters. */
export const minLength =
  (n: number, message: string): TextCheck =>
  (v) =>
    v.length >= n ? null : message;

/** Not empty (spaces alone are empty). */
export const required =
  (message: string): TextCheck =>
  (v) =>
    v.trim() ? null : message;

/**
 * The shape of a phone number only: digits, spaces, brackets, dashes, + in front, 10 to 15 digits.
 * Whether it is a number of its country's plan the server says (api/phone.ts): the plan's
 * metadata (about 24 KB brotli) would take a third of what the app's bundle has left.
 */
export const phoneShape =
  (message: string): TextCheck =>
  (v) => {
    const digits = v.replace(/\D/g, '').length;
    return /^\+?[\d\s().-]+$/.test(v.trim()) && digits >= 10 && digits <= 15 ? null : message;
  };
