import { useState } from 'preact/hooks';
import { login } from '../api.js';
import type { Texts } from '../i18n.js';
import { TextField, useSubmit } from '../ui.js';

/** Sign-in with a REST login (a customer's user, or an agent), or an employee's console e-mail. */
export function SignIn({ t, onSignedIn }: { t: Texts; onSignedIn(): void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { errors, busy, onSubmit } = useSubmit(async () => {
    await login(name, password);
    onSignedIn();
  });
  // The server names `login` or `password` when one is missing; a wrong pair names neither.
  return (
    <main class="signin">
      <h1>{t.product}</h1>
      <form onSubmit={onSubmit} noValidate aria-labelledby="signin-title">
        <h2 id="signin-title">{t.signInTitle}</h2>
        <TextField id="login" label={t.login} value={name} onInput={setName} autocomplete="username" required error={errors.login} />
        <TextField
          id="password"
          label={t.password}
          type="password"
          value={password}
          onInput={setPassword}
          autocomplete="current-password"
          required
          error={errors.password ?? errors._}
        />
        <button type="submit" disabled={busy}>
          {t.signIn}
        </button>
        <p>
          <a href="/app/forgot">{t.forgotPassword}</a>
        </p>
        <p class="muted">{t.signInHint}</p>
        <p class="muted">{t.signInFirstRun}</p>
      </form>
    </main>
  );
}
