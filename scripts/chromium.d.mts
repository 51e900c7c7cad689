/** Types of scripts/chromium.mjs, for the browser tests written in TypeScript. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: string[];
export declare const CHROMIUM_SHELL_PATH: string;
