import { Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { Loading } from '../ui'
import { publicRoutes, storeSections } from './registry'

/** Route table (spec 002 §2.1). */
export function App() {
  return (
    <Suspense fallback={<Loading message="Carregando..." />}>
      <Routes>
        {publicRoutes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        {storeSections.map(({ path, Component }) => (
          <Route key={path} path={`/store/:storeId/${path}`} element={<Component />} />
        ))}
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  )
}
