/**
 * The names a server-rendered page (decision 046), the server that sends it and the web
 * app's start-up script agree on: a module of its own, so that script reads them without
 * the app's code.
 */

/** The JSON data block the app takes the page over with. */
export const PAGE_DATA_ID = 'amora-page-data';

/**
 * On the data block: the page as sent shows everything it will show (every read of its
 * loaders succeeded), so the app starts once the page has loaded, after what the page
 * shows (decision 054); a page without it starts its app at once.
 */
export const STARTS_AFTER_LOAD_ATTRIBUTE = 'data-start';
export const STARTS_AFTER_LOAD_VALUE = 'after-load';

/**
 * On an element whose text names a country or a language in the page's language
 * (`Intl.DisplayNames`): the first such name loads the browser's locale data (34 ms on a
 * fast machine), which the app then does in a step of its own before it takes the page
 * over, instead of inside React's render of one component (decision 055).
 */
export const INTL_NAMES_ATTRIBUTE = 'data-intl-names';

/** A `<template>` holding the page's preload links, added to the page when the app starts. */
export const START_PRELOADS_ID = 'amora-start-preloads';

/**
 * The visitor's own cookies a page's rendering reads, and nothing else of the request: the
 * campaign they came from (its signup and its search depend on it) and the payment country
 * they chose (the prices shown). Never the session: a member's page is not rendered.
 */
export const TRACKING_COOKIE = 'amora_tracking';
export const PAYMENT_COUNTRY_COOKIE = 'amora.paymentCountry';
export const RENDER_COOKIES = [TRACKING_COOKIE, PAYMENT_COUNTRY_COOKIE] as const;

/**
 * On `<html>` while the start-up script holds what the visitor does for the app (a page that
 * starts after load, until the app has it): the app holds no control back meanwhile.
 */
export const HOLDING_ATTRIBUTE = 'data-holding';
