export * from '@catalyst/contracts';
