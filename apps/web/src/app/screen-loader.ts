import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * What a screen reads before it shows (bulletproof-react's route loaders): exported by the
 * screen's module as `loader`, run by its route's loader in the browser before the screen
 * shows, and by the server before it renders a visitor's page, whose answers travel with
 * the page (decision 046). It fills the query cache through the screen's own query
 * options, so the screen finds what it reads already there.
 */
export type ScreenLoader = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;
