/**
 * The pseudo-locale's wording of an English message (docs/localization.md): every letter accented and each vowel
 * doubled (about 35% longer, as German runs about 30% longer than English), the ICU syntax and tags left as they
 * are. The e2e tests name pseudo-localized buttons with it.
 */
import pseudolocale from 'pseudolocale';

/** What must not change: plural and select syntax, placeholders ({amount}), tags (<0>, </0>), '#'. */
const SYNTAX =
  /(\{\w+,\s*(?:plural|selectordinal|select),[^{]*\{|\}\s*(?:=\d+|zero|one|two|few|many|other)\s*\{|\{\s*\w+\s*\}|<\/?\d+>|\}|#)/g;

export function pseudoLocalize(message: string): string {
  return message
    .split(SYNTAX)
    .map((part, index) =>
      index % 2 === 1 ? part : pseudolocale(part.replace(/[aeiouAEIOU]/g, '$&$&'), { prepend: '', append: '' }),
    )
    .join('');
}
