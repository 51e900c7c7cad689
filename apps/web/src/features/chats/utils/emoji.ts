/**
 * The emoji of the composer's picker: plain text characters, bundled (no emoji service is
 * reachable, DESIGN "Settings fields"). Screen readers name each one by itself.
 */
// biome-ignore format: eight a row, as the picker shows them
export const EMOJI = [
  '😀', '😂', '😊', '😍', '🥰', '😘', '😉', '😎',
  '🤔', '😅', '😇', '🙂', '😌', '😢', '😮', '😴',
  '🤗', '🙈', '🥳', '😋', '❤️', '💕', '💖', '🔥',
  '✨', '🌹', '🌸', '☀️', '🌙', '⭐', '👍', '👋',
  '🙏', '👏', '💪', '🎉', '☕', '🍷', '🍕', '🎶',
] as const;

/** Columns of the picker grid; the arrow keys move by this much up and down. */
export const EMOJI_COLUMNS = 8;
