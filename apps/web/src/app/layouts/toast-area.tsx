import { TOAST } from '@amora/shared/rules/session';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import '@/styles/toasts.scss';
import { usePauseToastUnderPointer } from './pause-toast-under-pointer';

/** Where toasts appear (spec section 4); loaded with the first toast (lib/toast.ts). */
export default function ToastArea() {
  usePauseToastUnderPointer();
  return (
    <ToastContainer
      position={TOAST.position}
      autoClose={TOAST.autoCloseMs}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick={false}
      newestOnTop
      theme="light"
    />
  );
}
