import { Outlet } from 'react-router';
import { TopNav } from './top-nav';

/** Full height for a conversation: the top bar on desktops, the chat fills the rest. */
export function ChatLayout() {
  return (
    <div className="chat-layout">
      <div className="d-none d-md-block">
        <TopNav />
      </div>
      <main id="main" className="container flex-grow-1 d-flex flex-column" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
