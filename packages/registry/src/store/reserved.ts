/** The reserved Code Mode wire transport: refused by register() in non-native modes, never restrictable. */
export const RUN_CODE = 'run_code'
