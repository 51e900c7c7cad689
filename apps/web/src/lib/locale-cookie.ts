import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@amora/shared/rules/locale';
import Cookies from 'js-cookie';

export const readLocaleCookie = () => Cookies.get(LOCALE_COOKIE);

export function writeLocaleCookie(locale: string) {
  Cookies.set(LOCALE_COOKIE, locale, {
    expires: LOCALE_COOKIE_DAYS,
    sameSite: 'lax',
    path: '/',
    secure: window.location.protocol === 'https:',
  });
}
