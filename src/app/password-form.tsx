import { useState } from 'preact/hooks';
import { useApp } from './state.js';
import { FormError, SelectField, TextField, useSubmit } from './ui.js';

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
  const [who, setWho] = useState('');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState('');
  const chosen = who || props.who?.options[0]?.[0] || '';
  const form = useSubmit(async () => {
    setNote('');
    await props.onSubmit({ who: chosen, current, password });
    setCurrent('');
    setPassword('');
    setNote(t.passwordChanged);
  });
  const Heading = props.heading ?? 'h2';
  const field = props.passwordField ?? 'password';
  return (
    <form class={Heading === 'h2' ? 'card' : undefined} onSubmit={form.onSubmit} noValidate aria-labelledby={`${props.id}-h`}>
      <Heading id={`${props.id}-h`}>{props.title}</Heading>
      {props.who && (
        <SelectField id={`${props.id}-who`} label={props.who.label} value={chosen} onChange={setWho} options={props.who.options} />
      )}
      {props.askCurrent && (
        <TextField
          id="old_password"
          label={t.oldPassword}
          type="password"
          autocomplete="current-password"
          value={current}
          onInput={setCurrent}
          required
          error={form.errors.old_password}
        />
      )}
      <TextField
        id={`${props.id}-new`}
        label={t.newPassword}
        type="password"
        autocomplete="new-password"
        value={password}
        onInput={setPassword}
        required
        error={form.errors[field]}
      />
      <FormError errors={form.errors} />
      <div class="row">
        <button type="submit" disabled={form.busy}>
          {t.changePassword}
        </button>
        <span role="status">{note}</span>
      </div>
    </form>
  );
}
