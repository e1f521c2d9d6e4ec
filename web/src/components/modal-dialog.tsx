import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from "react";
import styles from "./modal-dialog.module.css";

/**
 * A modal `<dialog>`, open while it is mounted: the page behind is inert, so focus stays inside,
 * and focus goes back where it was when it unmounts. Escape calls `onDismiss`; without it the
 * dialog cannot be dismissed at all (a forced login), so Escape does nothing.
 */
export function ModalDialog({
  labelledBy,
  onDismiss,
  className,
  style,
  testId,
  children,
}: {
  labelledBy: string;
  onDismiss?: () => void;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A layout effect, so that the dialog is closed (and focus restored) before React removes it.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className={[styles.dialog, className].filter(Boolean).join(" ")}
      style={style}
      aria-labelledby={labelledBy}
      data-testid={testId}
      onKeyDown={(key) => {
        // Cancelling the key press cancels the close request it would make.
        if (key.key === "Escape" && !onDismiss) key.preventDefault();
      }}
      onCancel={(cancel) => {
        // Whether it stays open is the parent's decision, taken in `onDismiss`.
        cancel.preventDefault();
        onDismiss?.();
      }}
      onClose={() => {
        // Browsers may close a modal on a repeated Escape without a cancelable event. A close
        // event that finds the dialog open again is stale (a remount) and changes nothing.
        const element = dialog.current;
        if (!element || element.open) return;
        if (onDismiss) onDismiss();
        else element.showModal();
      }}
    >
      {children}
    </dialog>
  );
}
