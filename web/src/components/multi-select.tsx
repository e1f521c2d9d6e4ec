import { Button, Dialog, DialogTrigger, ListBox, ListBoxItem, Popover, type Selection } from "react-aria-components";
import { CheckIcon, ChevronDownIcon } from "./icons";
import styles from "./multi-select.module.css";

interface MultiSelectOption<Value extends string | number> {
  value: Value;
  label: string;
}

/**
 * A filter of several values: a button showing the label and how many are chosen, opening a
 * list to pick from. react-aria's popover and list box give it the keyboard (arrows, Space,
 * typing a name's first letters), Escape or a click elsewhere to close, and focus back on the
 * button.
 */
export function MultiSelect<Value extends string | number>({
  label,
  clearLabel,
  options,
  selected,
  onChange,
  testId,
}: {
  label: string;
  clearLabel: string;
  options: readonly MultiSelectOption<Value>[];
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
  testId: string;
}) {
  const change = (keys: Selection) => {
    // Kept in the options' order, whatever order they were picked in.
    const chosen = keys === "all" ? null : new Set(keys);
    onChange(options.map((option) => option.value).filter((value) => chosen === null || chosen.has(value)));
  };
  return (
    <DialogTrigger>
      <Button className={styles.button} data-active={selected.length > 0 ? "true" : undefined} data-testid={testId}>
        <span>{label}</span>
        {selected.length > 0 ? <span className={styles.count}>{selected.length}</span> : null}
        <ChevronDownIcon className={styles.chevron} />
      </Button>
      <Popover className={styles.panel} placement="bottom start" data-testid={`${testId}-options`}>
        <Dialog className={styles.dialog} aria-label={label}>
          <ListBox
            className={styles.options}
            aria-label={label}
            selectionMode="multiple"
            // Escape closes the list (the clear button empties it), as in every other popover.
            escapeKeyBehavior="none"
            // Opening moves the keyboard into the list, on its first option.
            autoFocus="first"
            selectedKeys={selected}
            onSelectionChange={change}
            items={options.map((option) => ({ id: option.value, label: option.label }))}
          >
            {(option) => (
              <ListBoxItem className={styles.option} textValue={option.label}>
                <span className={styles.box} aria-hidden="true">
                  <CheckIcon />
                </span>
                <span>{option.label}</span>
              </ListBoxItem>
            )}
          </ListBox>
          {selected.length > 0 ? (
            <Button className={styles.clear} onPress={() => onChange([])}>
              {clearLabel}
            </Button>
          ) : null}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
