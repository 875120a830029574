// The rule form's example number is made by core's bill-rule numbering, where the server makes its numbers.
export { DATE_FORMATS, exampleOf } from '@jnpf/core';
