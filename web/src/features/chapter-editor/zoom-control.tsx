import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, zoomMultiplier } from "@core/chapters/constants";
import type { CSSProperties } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/button";
import { ZoomInIcon, ZoomOutIcon } from "../../components/icons";
import range from "../../components/range.module.css";
import styles from "./chapter-editor.module.css";

/** "×1.4": how many times the base scale the timeline shows, in the reader's number format. */
function useZoomText() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (zoom: number) => `×${format.format(zoomMultiplier(zoom))}`;
}

/** The timeline's zoom (spec: 0–100 by 10): − and + (keys − and +), the slider, and its value. */
export function ZoomControl({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  const { t } = useTranslation("versions");
  const labelId = useId();
  const zoomText = useZoomText();
  const value = zoomText(zoom);
  const fill = `${((zoom - ZOOM_MIN) / (ZOOM_MAX - ZOOM_MIN)) * 100}%`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and a legend's layout to a toolbar group
    <div className={styles.zoom} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.zoomLabel}>
        {t("editor.zoom")}
      </span>
      <IconButton
        className={styles.toolIcon}
        icon={<ZoomOutIcon />}
        label={t("editor.zoom.out")}
        onPress={() => onZoom(zoom - ZOOM_STEP)}
        isDisabled={zoom <= ZOOM_MIN}
        keyShortcuts="-"
        data-testid="editor-zoom-out"
      />
      <input
        type="range"
        className={`${range.range} ${styles.zoomRange}`}
        style={{ "--fill": fill } as CSSProperties}
        min={ZOOM_MIN}
        max={ZOOM_MAX}
        step={ZOOM_STEP}
        value={zoom}
        onChange={(event) => onZoom(Number(event.currentTarget.value))}
        aria-labelledby={labelId}
        aria-valuetext={value}
        data-testid="editor-zoom"
      />
      <IconButton
        className={styles.toolIcon}
        icon={<ZoomInIcon />}
        label={t("editor.zoom.in")}
        onPress={() => onZoom(zoom + ZOOM_STEP)}
        isDisabled={zoom >= ZOOM_MAX}
        keyShortcuts="+"
        data-testid="editor-zoom-in"
      />
      <output className={styles.zoomValue} aria-hidden data-testid="editor-zoom-value">
        {value}
      </output>
    </div>
  );
}
