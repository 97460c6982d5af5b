import { Route, Routes } from 'react-router-dom';

/** Placeholder until the app shell lands (foundation issue). */
export function App() {
  return (
    <Routes>
      <Route path="*" element={<main><h1>Sfoglia</h1></main>} />
    </Routes>
  );
}
