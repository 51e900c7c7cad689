import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * A zod resolver whose schema, zod and the resolver load with the form's first validation
 * (issue 24): the login and signup forms of a visitor's first page show before zod's
 * 35 KB arrive, and validate exactly as with `zodResolver(schema)`.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<z.$ZodType<T, T>>,
  {
    emptyIsInvalid = false,
  }: {
    /**
     * A form that asks for `isValid` is validated as it mounts: with every field still
     * empty it is simply not valid yet (no message), and zod waits for the first input.
     * Only for a form whose submit is disabled while invalid: an empty submit would show
     * no message.
     */
    emptyIsInvalid?: boolean;
  } = {},
): Resolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    if (!loading && emptyIsInvalid && Object.values(values).every((value) => value === '')) {
      return { values: {}, errors: { root: { type: 'empty', message: '' } } } as Awaited<
        ReturnType<Resolver<T>>
      >;
    }
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
    );
    return (await loading)(values, context, options);
  };
}
