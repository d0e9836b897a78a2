import { useState } from 'preact/hooks';
import { minLength, useForm, type Check, type Form } from './form.js';
import type { Texts } from './i18n.js';
import { useApp } from './state.js';
import { SelectField, TextField } from './ui.js';
import { SubmitRow } from './submit-row.js';

export interface PasswordValues {
  /** The chosen login or employee, when the form asks whose password. */
  who: string;
  /** The current password, when the form asks for it. */
  current: string;
  password: string;
}

/**
 * Every form that sets a password: one's own (the current one first), an employee's, a login's
 * (whose, from a list). The new password's refusal shows beside it under `passwordField`, the
 * parameter the server names; on success the fields empty and the form says so.
 */
export function PasswordForm(props: {
  /** Prefix of the form's element ids. */
  id: string;
  title: string;
  heading?: 'h2' | 'h3';
  who?: { label: string; options: Array<[value: string, label: string]> };
  askCurrent?: boolean;
  /** The parameter the server names when it refuses the new password. */
  passwordField?: string;
  onSubmit(v: PasswordValues): Promise<void>;
}) {
  const { t } = useApp();
  const field = props.passwordField ?? 'password';
  // Keyed by the parameters the server names, so its refusal lands beside the field it speaks of.
  const [note, setNote] = useState('');
  const form: Form<Record<string, string>> = useForm<Record<string, string>>(
    { who: '', old_password: '', [field]: '' },
    {
      async submit(v) {
        setNote('');
        await props.onSubmit({ who: chosen, current: v.old_password ?? '', password: v[field] ?? '' });
        form.set('old_password', '');
        form.set(field, '');
        setNote(t.passwordChanged);
      },
    },
  );
  const chosen = form.values.who || props.who?.options[0]?.[0] || '';
  const Heading = props.heading ?? 'h2';
  return (
    <form class={Heading === 'h2' ? 'card' : undefined} onSubmit={form.onSubmit} noValidate aria-labelledby={`${props.id}-h`}>
      <Heading id={`${props.id}-h`}>{props.title}</Heading>
      {props.who && (
        <SelectField
          id={`${props.id}-who`}
          label={props.who.label}
          value={chosen}
          onChange={(v) => form.set('who', v)}
          options={props.who.options}
        />
      )}
      {props.askCurrent && (
        <TextField {...form.field('old_password', t.oldPassword)} type="password" autocomplete="current-password" required />
      )}
      <TextField {...form.field(field, t.newPassword, `${props.id}-new`)} type="password" autocomplete="new-password" required />
      <SubmitRow form={form} label={t.changePassword} note={note} />
    </form>
  );
}

/** A new password typed twice, as the first account's and the reset link's forms ask it. */
export type NewPassword = { password: string; again: string };

/** At least 8 characters (the server's rule), and the second typing as the first. */
export function newPasswordChecks(t: Texts): { password: Check<string, NewPassword>; again: Check<string, NewPassword> } {
  return {
    password: minLength(8, t.passwordShort),
    again: (v, all) => (v === all.password ? null : t.passwordsDiffer),
  };
}

/** The two password fields (`#password`, `#again`) of a form that holds a `NewPassword`; signed out, so `t` is given. */
export function NewPasswordFields({ t, form, label }: { t: Texts; form: Form<NewPassword>; label: string }) {
  return (
    <>
      <TextField {...form.field('password', label)} type="password" autocomplete="new-password" required />
      <TextField {...form.field('again', t.passwordAgain)} type="password" autocomplete="new-password" required />
    </>
  );
}
