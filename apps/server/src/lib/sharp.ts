import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips) when a photo is first worked on: loading it takes about a tenth of a
 * second, which a start that serves no photo yet need not wait for (issue 24).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
