import { useCallback, useState } from 'react';

/** Positions up to an hour old are good enough for a home town (spec section 9). */
const MAXIMUM_AGE_MS = 60 * 60 * 1000;

export type GeolocationPermission = 'unsupported' | 'unknown' | PermissionState;

/** Asks the browser for the position once; the permission follows spec section 3. */
export function useGeolocation() {
  const [permission, setPermission] = useState<GeolocationPermission>(
    'geolocation' in navigator ? 'unknown' : 'unsupported',
  );

  const locate = useCallback(
    () =>
      new Promise<GeolocationCoordinates | null>((resolve) => {
        if (!('geolocation' in navigator)) return resolve(null);
        navigator.permissions
          ?.query({ name: 'geolocation' })
          .then((state) => setPermission(state.state))
          .catch(() => {});
        navigator.geolocation.getCurrentPosition(
          (position) => {
            setPermission('granted');
            resolve(position.coords);
          },
          (error) => {
            if (error.code === error.PERMISSION_DENIED) setPermission('denied');
            resolve(null);
          },
          { maximumAge: MAXIMUM_AGE_MS, timeout: 15_000, enableHighAccuracy: false },
        );
      }),
    [],
  );

  return { permission, locate };
}
