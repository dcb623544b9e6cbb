import { Type } from '@sinclair/typebox';

/** One setting in WooCommerce's `WC_Settings_API` shape, as shipping methods and payment gateways show them (`options` only for selects). */
export const WcSettingSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  description: Type.String(),
  type: Type.String(),
  value: Type.String(),
  default: Type.String(),
  tip: Type.String(),
  placeholder: Type.String(),
  options: Type.Optional(Type.Record(Type.String(), Type.String())),
});
