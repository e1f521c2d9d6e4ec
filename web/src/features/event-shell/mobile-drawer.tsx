import { type ReactNode, useEffect, useRef } from "react";
import { IconButton } from "../../components/button";
import { CloseIcon } from "../../components/icons";
import styles from "./mobile-drawer.module.css";

/**
 * The sidebar as an off-canvas drawer at 991 px and below. A modal <dialog>: focus stays inside,
 * Escape and a tap beside the panel close it, and focus returns to the menu button.
 */
export function MobileDrawer({
  id,
  open,
  onClose,
  label,
  closeLabel,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  label: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape, natively
    <dialog
      ref={dialog}
      id={id}
      className={styles.drawer}
      aria-label={label}
      onClose={onClose}
      // The dialog box is the panel itself, so a click on the dialog element is a click on the backdrop.
      onClick={(click) => {
        if (click.target === click.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <IconButton icon={<CloseIcon />} label={closeLabel} className={styles.close} onPress={onClose} />
        {children}
      </div>
    </dialog>
  );
}
