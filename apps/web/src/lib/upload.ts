import { ApiError, apiErrorFrom, apiHeaders } from './api-client';

/**
 * A multipart upload with progress (fetch cannot report upload progress; XHR can): each file
 * in the field `file`, then any text `fields`.
 */
export function uploadFiles<T>(
  path: string,
  files: File[],
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    for (const file of files) body.append('file', file);
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) return resolve(payload as T);
      reject(apiErrorFrom(xhr.status, xhr.statusText, payload));
    };
    xhr.send(body);
  });
}
