import { useState } from 'preact/hooks';
import { useConfirm, type ConfirmQuestion } from './confirm.js';

/**
 * The app's one way to destroy something (delete, release, remove): a button that asks first, in
 * a dialog saying what goes with the item, then does it. A refusal shows beside the button; the
 * item stays. `name` is what the item is called, read with the button by a screen reader ("Delete
 * https://hooks.example/").
 */
export function DeleteButton<R>(props: {
  /** The button's word: "Delete", "Release", "Remove". */
  label: string;
  /** The item's name, for the button's accessible name (none where the label names it). */
  name?: string;
  /** The question: what is asked, what goes with the item, the word of the button that does it; read first when it needs the server (how many campaigns go with a site). */
  ask: ConfirmQuestion | (() => Promise<ConfirmQuestion>);
  /** Does it; a refusal is shown. */
  run(): Promise<R>;
  /** After it is done, with what the server answered (reload the list, leave the page). */
  done?(answer: R): void;
  class?: string;
}) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const click = async () => {
    setFailure('');
    try {
      const question = typeof props.ask === 'function' ? await props.ask() : props.ask;
      if (!(await confirm.ask(question))) return;
      setBusy(true);
      const answer = await props.run();
      setBusy(false);
      props.done?.(answer);
    } catch (e) {
      setBusy(false);
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <button type="button" class={props.class ?? 'danger'} disabled={busy} onClick={() => void click()}>
        {props.label}
        {props.name && <span class="sr"> {props.name}</span>}
      </button>
      {failure && (
        <span class="error" role="alert">
          {failure}
        </span>
      )}
      {confirm.dialog}
    </>
  );
}
