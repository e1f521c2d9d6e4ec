import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "./button";
import styles from "./dialog.module.css";
import { CloseIcon } from "./icons";

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

/**
 * The product's dialog: a title band with a close button, then the content, padded, then the
 * actions. `width` sets its width on wide screens; a phone shows it full screen. Behaviour is
 * ModalDialog's (the platform's modal `<dialog>`).
 */
export function Dialog({
  title,
  onClose,
  actions,
  width,
  className,
  style,
  testId,
  closeTestId,
  children,
}: {
  title: ReactNode;
  /** Escape and the close button; without it the dialog cannot be dismissed (a forced login). */
  onClose?: () => void;
  actions?: ReactNode;
  width?: number;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  closeTestId?: string;
  /** Content; a `<Tabs>` draws its own bands. */
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  const titleId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      onDismiss={onClose}
      className={className}
      style={width ? { ...style, "--dialog-width": `${width}px` } : style}
      testId={testId}
    >
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {onClose ? (
          <IconButton
            icon={<CloseIcon />}
            label={t("dialog.close")}
            onPress={onClose}
            className={styles.close}
            data-testid={closeTestId}
          />
        ) : null}
      </header>
      <div className={styles.body}>{children}</div>
      {actions ? <footer className={styles.actions}>{actions}</footer> : null}
    </ModalDialog>
  );
}
