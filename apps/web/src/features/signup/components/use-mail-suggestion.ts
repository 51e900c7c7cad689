import { useEffect, useState } from 'react';

type Suggest = typeof import('@amora/shared/rules/mail-suggestion').suggestEmail;
let loading: Promise<Suggest> | null = null;

/**
 * "Did you mean …?" for a mistyped mail domain. The spell checker and its domain list load
 * once an address has an @ (issue 24: not on the first page before anyone types).
 */
export function useMailSuggestion(email: string): string | null {
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const wanted = email.includes('@');
  useEffect(() => {
    if (!wanted || suggest) return;
    loading ??= import('@amora/shared/rules/mail-suggestion').then((module) => module.suggestEmail);
    let current = true;
    void loading.then((loaded) => {
      if (current) setSuggest(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [wanted, suggest]);
  return suggest ? suggest(email) : null;
}
