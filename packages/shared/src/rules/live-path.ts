/** Path of the live channel. */
export const LIVE_PATH = '/api/live.php';
