import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * A zod resolver whose schema, zod and the resolver load with the form's first validation
 * (issue 24): the login and signup forms of a visitor's first page show before zod's
 * 35 KB arrive, and validate exactly as with `zodResolver(schema)`.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<z.$ZodType<T, T>>,
): Resolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
    );
    return (await loading)(values, context, options);
  };
}
