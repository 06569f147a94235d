import { Toaster as Sonner } from 'sonner';

/** Toast outlet: top-right, 4000 ms lifetime (spec 1 section 2.2). Raise toasts with `toast()`. */
function Toaster() {
  return <Sonner position="top-right" duration={4000} richColors closeButton />;
}

export { Toaster };
