/** The viewer's zoom range and steps, in percent, and its rotation step, in degrees. */
export const ZOOM_MIN = 25;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 25;
export const ROTATE_STEP = 90;

export const zoomIn = (zoom: number) => Math.min(ZOOM_MAX, zoom + ZOOM_STEP);
export const zoomOut = (zoom: number) => Math.max(ZOOM_MIN, zoom - ZOOM_STEP);
export const rotateRight = (degrees: number) => (degrees + ROTATE_STEP) % 360;
