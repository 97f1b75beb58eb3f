/** Brand marks for the "Or continue with" buttons (lucide no longer ships brand icons). */
export function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-[18px]" aria-hidden focusable="false">
      <path
        fill="#4285F4"
        d="M22.6 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.94a5.08 5.08 0 0 1-2.2 3.33v2.77h3.57c2.08-1.92 3.29-4.74 3.29-8.11Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.94l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06L5.84 9.9C6.71 7.3 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

export function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-[18px]" aria-hidden focusable="false">
      <circle cx="12" cy="12" r="11" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.4 23v-7.8h2.6l.4-3h-3v-1.9c0-.9.3-1.5 1.5-1.5h1.6V6.1a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.7v3h2.6V23h3.1Z"
      />
    </svg>
  );
}

export function LinkedInIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-[18px]" aria-hidden focusable="false">
      <rect width="22" height="22" x="1" y="1" rx="4" fill="#0A66C2" />
      <path
        fill="#fff"
        d="M7.3 9.6h-2.6V18h2.6V9.6ZM6 5.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm12.3 7.9c0-2.3-.5-4-3.1-4-1.3 0-2.1.7-2.5 1.3V9.6h-2.5V18h2.6v-4.2c0-1.1.2-2.2 1.6-2.2 1.4 0 1.4 1.3 1.4 2.3V18h2.6l-.1-4.6Z"
      />
    </svg>
  );
}
