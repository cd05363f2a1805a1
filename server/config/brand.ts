/** The hosted platform's brand: the contract's (docs/demo.md "Brand defaults"). No Node imports: panel tests load it with the scenarios. */
export { DEFAULT_BRAND as defaultBrand, type Brand } from '../../core/contract';
