import type { ComponentChildren, JSX } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useApp } from './state.js';

/** Small building blocks: data loading, labelled fields with their errors, empty states. */

export interface Loaded<T> {
  data: T | undefined;
  error: Error | null;
  reload(): void;
}

/** Loads on mount and whenever `deps` change; `reload` loads again, keeping the old data meanwhile. */
export function useData<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<Error | null>(null);
  const [n, setN] = useState(0);
  const current = useRef(0);
  useEffect(() => {
    const mine = ++current.current;
    load().then(
      (d) => {
        if (mine !== current.current) return;
        setData(d);
        setError(null);
      },
      (e: unknown) => {
        if (mine !== current.current) return;
        setError(e instanceof Error ? e : new Error(String(e)));
      },
    );
  }, [...deps, n]);
  return { data, error, reload: useCallback(() => setN((x) => x + 1), []) };
}

/** Errors by field name; `_` for those that name none. */
export type FieldErrors = Record<string, string>;

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
}

export function TextField(
  props: FieldProps & {
    value: string;
    onInput(v: string): void;
    type?: string;
    required?: boolean;
    autocomplete?: string;
    inputMode?: JSX.HTMLAttributes['inputMode'];
  },
) {
  const described = props.error ? props.id + '-error' : undefined;
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        required={props.required}
        autocomplete={props.autocomplete}
        inputMode={props.inputMode}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={described}
        onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
      />
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/** A choice among `options`; the value it hands back is one of theirs. */
export function SelectField<V extends string>(
  props: FieldProps & { value: V; onChange(v: V): void; options: ReadonlyArray<readonly [value: V, label: string]> },
) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.id}
        value={props.value}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? props.id + '-error' : undefined}
        onChange={(e) => props.onChange((e.target as HTMLSelectElement).value as V)}
      >
        {props.options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={id + '-error'} class="error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The error of a form that names no field. */
export function FormError({ errors }: { errors: FieldErrors }) {
  return errors._ ? (
    <p class="error" role="alert">
      {errors._}
    </p>
  ) : null;
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

/** Loading, a failure, or the content. */
export function Show<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren }) {
  const { t } = useApp();
  if (loaded.error && loaded.data === undefined)
    return (
      <p class="error" role="alert">
        {loaded.error.message}
      </p>
    );
  if (loaded.data === undefined)
    return (
      <p class="muted" role="status">
        {t.loading}
      </p>
    );
  return <>{children(loaded.data)}</>;
}

export function Page({ title, children }: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section class="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children}
    </section>
  );
}
