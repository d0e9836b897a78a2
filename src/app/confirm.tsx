import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useApp } from './state.js';

/**
 * Asking before destroying something: one small dialog that says what goes with it. A native modal
 * `<dialog>` (showModal): the page behind it is inert, so focus stays inside; Escape cancels; the
 * safe choice (Cancel) has the focus first; focus goes back where it was when the dialog closes.
 */

export interface ConfirmQuestion {
  /** What is asked: "Delete the campaign Spring sale?" */
  title: string;
  /** What goes with it, in plain words. */
  body: string;
  /** The button that does it: "Delete". */
  yes: string;
}

export interface Confirmer {
  /** The dialog to render somewhere in the page (null while nothing is asked). */
  dialog: JSX.Element | null;
  /** Asks; resolves true when the user confirms, false on Cancel or Escape. */
  ask(q: ConfirmQuestion): Promise<boolean>;
}

export function useConfirm(): Confirmer {
  const [open, setOpen] = useState<{ q: ConfirmQuestion; answer(yes: boolean): void } | null>(null);
  const ask = (q: ConfirmQuestion) =>
    new Promise<boolean>((resolve) => {
      const opener = document.activeElement as HTMLElement | null;
      setOpen({
        q,
        answer: (yes) => {
          setOpen(null);
          opener?.focus();
          resolve(yes);
        },
      });
    });
  return { dialog: open && <ConfirmDialog q={open.q} answer={open.answer} />, ask };
}

function ConfirmDialog({ q, answer }: { q: ConfirmQuestion; answer(yes: boolean): void }) {
  const { t } = useApp();
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current!;
    if (!d.open) d.showModal();
    cancel.current?.focus();
    return () => {
      if (d.open) d.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="confirm"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      // Escape: the browser closes the dialog; this says no.
      onCancel={(e) => {
        e.preventDefault();
        answer(false);
      }}
    >
      <h2 id="confirm-title">{q.title}</h2>
      <p id="confirm-body">{q.body}</p>
      <div class="row">
        <button type="button" ref={cancel} class="secondary" onClick={() => answer(false)}>
          {t.cancel}
        </button>
        <button type="button" class="danger" onClick={() => answer(true)}>
          {q.yes}
        </button>
      </div>
    </dialog>
  );
}
