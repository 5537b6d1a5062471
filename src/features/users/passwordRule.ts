/** Password rule of spec 000 §5, §9: at least 8 characters, 1 number, 1 uppercase letter. */
export function passwordProblems(password: string): Array<'length' | 'number' | 'uppercase'> {
  const out: Array<'length' | 'number' | 'uppercase'> = [];
  if (password.length < 8) out.push('length');
  if (!/\d/.test(password)) out.push('number');
  if (!/[A-Z]/.test(password)) out.push('uppercase');
  return out;
}
