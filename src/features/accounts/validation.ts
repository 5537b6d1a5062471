/** E-mail shape of spec 000 §5: text, at sign, text, dot, text. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
