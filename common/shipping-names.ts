// The couriers' names as shoppers know them: apart from common/shipping.ts, so pages carry only this.
export const shippingCourierNames = {
  jne: "JNE",
  jnt: "J&T Express",
  sicepat: "SiCepat",
  anteraja: "AnterAja",
  pos: "Pos Indonesia",
} as const;

/** A courier service as the shopper picks it: `jne:REG`. */
export function serviceKey(courier: string, service: string): string {
  return `${courier}:${service}`;
}
