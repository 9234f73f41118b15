/** The groups of the API document, in the order a reader meets them, with what each holds. */
export const apiTags = [
  { name: 'Sesión', description: 'Inicio y cierre de sesión, registro, verificación del correo, recuperación de la contraseña e inicio de sesión con redes sociales.' },
  { name: 'Usuarios', description: 'Cuentas de usuarios y administradores, su perfil, sus permisos y su exportación.' },
  { name: 'Configuración', description: 'Configuración inicial del sitio, su configuración pública y la que edita el administrador total.' },
  { name: 'Páginas', description: 'Páginas informativas: Quiénes somos, Aviso de privacidad y Términos y condiciones.' },
  { name: 'Archivos', description: 'Imágenes subidas al sitio.' },
  { name: 'Instituciones', description: 'Instituciones beneficiarias de las campañas.' },
  { name: 'Categorías', description: 'Categorías que clasifican las campañas.' },
  { name: 'Campañas', description: 'Administración de campañas, sus comentarios y su muro de donadores.' },
  { name: 'Sitio público', description: 'Campañas activas tal como las ve un visitante: listas, búsqueda, detalle, visitas y me gusta.' },
  { name: 'Donaciones', description: 'Donaciones con tarjeta, efectivo en OXXO y PayPal, avisos de los proveedores de pago y consultas del panel.' },
  { name: 'Donaciones mensuales', description: 'Donaciones con cargo mensual a tarjeta: alta, enlaces del donador y lista de donadores mensuales.' },
  { name: 'Recibos deducibles', description: 'Solicitudes de CFDI de los donadores y carga de los recibos timbrados.' },
  { name: 'Contadores', description: 'Totales públicos de visitas, donaciones y donadores.' },
  { name: 'Histórico', description: 'Cambios hechos desde el panel de administración.' },
  { name: 'Operación', description: 'Estado del gateway y esta descripción de la API.' },
] as const

export type ApiTag = (typeof apiTags)[number]['name']
