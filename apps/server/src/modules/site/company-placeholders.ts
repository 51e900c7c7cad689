import type { CompanyInfo } from '@amora/shared/schemas/site';
import { DEFAULT_COMPANY_INFO } from './site-defaults.js';

/** The company details that come with a fresh install and belong to no real company. */
const PLACEHOLDER_FIELDS = ['kvk', 'vat_numbers', 'support_phone', 'address'] as const;

/**
 * The fields of `company` still holding the install's placeholder (a KvK number of zeros, a
 * made-up VAT number, phone and address): every footer and legal page shows them to members.
 */
export function placeholderCompanyFields(company: CompanyInfo): string[] {
  return PLACEHOLDER_FIELDS.filter((field) => {
    const value = company[field];
    const fake = DEFAULT_COMPANY_INFO[field];
    return Array.isArray(value) && Array.isArray(fake)
      ? value.some((entry) => fake.includes(entry))
      : value === fake;
  });
}

/** The start-up warning for them, naming the console page that changes them; null when none. */
export function companyPlaceholderWarning(company: CompanyInfo, publicUrl: string): string | null {
  const fields = placeholderCompanyFields(company);
  if (fields.length === 0) return null;
  return (
    `The company details are still the install's placeholders (${fields.join(', ')}), shown ` +
    `in every footer and on the legal pages: change them in the staff console at ` +
    `${publicUrl}/admin/settings#company`
  );
}
