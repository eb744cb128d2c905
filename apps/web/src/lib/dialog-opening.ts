import { useState } from "react";

/**
 * Which opening of a dialog this is (0 before the first): the key of the part that holds the
 * dialog's form, so that every opening mounts it afresh, with the default values and choices and
 * no error of an earlier one, however it was closed (Cancel, Escape, a refusal, a success) and
 * however soon it is opened again. The count moves only when the dialog opens, so a closing
 * dialog keeps what it shows while it fades out.
 *
 *     export function FooDialog(props: FooDialogProps) {
 *       return <FooDialogForm key={useDialogOpening(props.open)} {...props} />;
 *     }
 *
 * What must outlive an opening (a money form's Idempotency-Key after a lost answer) stays in the
 * outer component and is passed in.
 */
export function useDialogOpening(open: boolean): number {
  const [seen, setSeen] = useState({ open, count: open ? 1 : 0 });
  if (seen.open === open) return seen.count;
  // Derived from the last render's prop ("storing information from previous renders"): React
  // renders again at once with the new state, before anything below is committed.
  const next = { open, count: open ? seen.count + 1 : seen.count };
  setSeen(next);
  return next.count;
}
