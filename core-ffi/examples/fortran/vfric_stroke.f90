! vfric_stroke.f90: examples/c/vfric_stroke.c in Fortran through the ISO_C_BINDING module
! core-ffi/include/tribo.f90: one contact point of a strip draw, a model in mm-tonne-s
! (N, MPa, mm, s, tonne) created once, then per increment a VFRIC-shaped routine with the two
! slip increments, the normal force and the contact area in, the friction force out, and
! beta, the elastic slip vector and the contact state as the four state variables. Prints the
! C example's lines (.ci/run diffs the two and the Rust reference, bit for bit).
!
!   vfric_stroke_f TABLES_BIN [CORRUPT_BYTE_INDEX]
!
! Build (what .ci/run does):
!   cargo build -p tribo-core-ffi --release
!   gfortran -std=f2018 -O2 -ffp-contract=off -Wall -Wextra -Werror \
!      core-ffi/include/tribo.f90 core-ffi/examples/fortran/vfric_stroke.f90 \
!      target/release/libtribo_core_ffi.a -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc \
!      -o vfric_stroke_f
module vfric_example
  use, intrinsic :: iso_c_binding, only: c_float, c_int32_t
  use tribo
  implicit none
  private
  public :: vfric_like

contains

  ! The VFRIC-shaped routine: nblock contact points; dslip(2, k), fnormal(k), area(k) in,
  ! state(4, k) (beta, e1, e2, contact) updated, ftangential(2, k) and mu(k) out. Returns the
  ! first non-zero status (the analysis must then stop: see tribo.h). The model is the one
  ! initialised once per process (VEXTERNALDB at the start of the analysis).
  function vfric_like(model, nblock, dt, dslip, fnormal, area, state, ftangential, mu) &
      result(status)
    type(TriboModel), intent(in) :: model
    integer, intent(in) :: nblock
    real(c_float), intent(in) :: dt, dslip(2, nblock), fnormal(nblock), area(nblock)
    real(c_float), intent(inout) :: state(4, nblock)
    real(c_float), intent(out) :: ftangential(2, nblock), mu(nblock)
    integer(c_int32_t) :: status
    type(TriboPointState) :: st
    type(TriboPointInput) :: input
    type(TriboPointOutput) :: output
    integer :: k
    do k = 1, nblock
      st%beta = state(1, k)
      st%elastic_slip = state(2:3, k)
      st%contact = int(state(4, k), c_int32_t)
      input%dt = dt
      input%slip_increment = dslip(:, k)
      input%pressure = fnormal(k) / area(k)
      input%area = area(k)
      status = tribo_point_step(model, st, input, output)
      if (status /= TRIBO_STATUS_OK) return
      state(1, k) = st%beta
      state(2:3, k) = st%elastic_slip
      state(4, k) = real(st%contact, c_float)
      ftangential(:, k) = -output%force
      mu(k) = output%mu
    end do
    status = TRIBO_STATUS_OK
  end function vfric_like

end module vfric_example

program vfric_stroke_f
  use, intrinsic :: iso_c_binding, only: c_float, c_int8_t, c_int32_t, c_size_t, c_sizeof
  use, intrinsic :: iso_fortran_env, only: error_unit
  use tribo
  use vfric_example
  implicit none

  ! The stroke, in mm-tonne-s; the same numbers as vfric_stroke.c and vfric_reference.rs.
  integer, parameter :: increments = 600, ramp_steps = 64
  real(c_float), parameter :: dt = 1.0_c_float / 1024.0_c_float      ! s
  real(c_float), parameter :: pressure = 20.0_c_float                 ! MPa
  real(c_float), parameter :: draw_speed = 78.125_c_float             ! mm/s
  real(c_float), parameter :: reverse_speed = -31.25_c_float          ! mm/s
  real(c_float), parameter :: area(1) = [0.25_c_float]                ! mm^2
  real(c_float), parameter :: shear_stiffness = 64000.0_c_float       ! MPa/mm

  type(TriboModel), save :: model
  type(TriboModelInfo) :: info
  integer(c_int8_t), allocatable :: table(:)
  character(len=4096) :: path, arg
  integer :: unit, length, at, i, ios
  integer(c_int32_t) :: status
  real(c_float) :: p, v, dslip(2, 1), fnormal(1), state(4, 1), ftangential(2, 1), mu(1)

  if (command_argument_count() < 1) then
    write(error_unit, '(A)') 'usage: vfric_stroke_f TABLES_BIN [CORRUPT_BYTE_INDEX]'
    error stop 64
  end if
  call get_command_argument(1, path)
  open(newunit=unit, file=trim(path), access='stream', form='unformatted', status='old', &
       action='read', iostat=ios)
  if (ios /= 0) then
    write(error_unit, '(A)') trim(path)//': cannot open'
    error stop 66
  end if
  inquire(unit=unit, size=length)
  length = min(length, TRIBO_MAX_TABLE_BYTES + 1)
  allocate(table(max(length, 1)))
  read(unit) table(1:length)
  close(unit)
  if (command_argument_count() > 1) then
    call get_command_argument(2, arg)
    read(arg, *) at
    if (at < length) table(at + 1) = not(table(at + 1))
  end if

  ! Once per process: caller-owned model, validated, then shared read-only.
  status = tribo_model_init(model, c_sizeof(model), TRIBO_ABI_VERSION, table, &
                            int(length, c_size_t), TRIBO_UNITS_MM_TONNE_S, shear_stiffness)
  if (status == TRIBO_STATUS_WARNING_MU_REACHES_ZERO) then
    ! A warning: the model is built and works (an old table without mu_p). Log it.
    write(error_unit, '(A)') 'tribo_model_init: '//tribo_status_message(status)
  else if (status /= TRIBO_STATUS_OK) then
    write(error_unit, '(A,I0,A,I0,A)') 'tribo_model_init: '//tribo_status_message(status)// &
        ' (status ', status, ', library ABI ', tribo_library_abi_version(), '); nothing evaluated'
    error stop status
  end if
  if (tribo_model_info(model, info) == TRIBO_STATUS_OK) then
    write(error_unit, '(A,I0,A,F9.6,A,ES10.3,A,ES10.3,A)') 'model: table format ', &
        info%format_version, ', mu0 = ', info%mu0, &
        ', pressure ', info%pressure_min, '..', info%pressure_max, ' MPa'
    if (info%particle_friction_origin == TRIBO_MU_P_NONE) then
      write(error_unit, '(A)') 'model: no mu_p: mu reaches 0 at saturation'
    else
      write(error_unit, '(A,F7.4,A)') 'model: mu_p = ', info%particle_friction, &
          ': mu in [mu_p, mu0]'
    end if
  end if

  state = 0.0_c_float
  do i = 0, increments - 1
    call schedule(i, p, v)
    dslip(:, 1) = [v * dt, 0.0_c_float]
    fnormal(1) = p * area(1)
    status = vfric_like(model, 1, dt, dslip, fnormal, area, state, ftangential, mu)
    if (status /= TRIBO_STATUS_OK) then
      write(error_unit, '(A,I0,A)') 'tribo_point_step at increment ', i, ': '// &
          tribo_status_message(status)
      error stop status
    end if
    write(*, '(I4,8(1X,Z8.8),1X,I0)') i, bits(p), bits(dslip(1, 1)), bits(mu(1)), &
        bits(state(1, 1)), bits(state(2, 1)), bits(state(3, 1)), bits(ftangential(1, 1)), &
        bits(ftangential(2, 1)), int(state(4, 1))
  end do

contains

  ! Pressure (MPa) and slip rate (mm/s) of increment i: closing ramp, steady draw, dwell
  ! (stick), reversal (unloading, reverse slip), then the point leaves the tool (open).
  subroutine schedule(i, p, v)
    integer, intent(in) :: i
    real(c_float), intent(out) :: p, v
    real(c_float) :: ramp
    ramp = real(min(i, ramp_steps), c_float) / real(ramp_steps, c_float)
    if (i < 450) then
      p = pressure * ramp
      v = draw_speed * ramp
    else if (i < 480) then
      p = pressure
      v = 0.0_c_float
    else if (i < 520) then
      p = pressure
      v = reverse_speed
    else
      p = 0.0_c_float
      v = draw_speed
    end if
  end subroutine schedule

  ! The IEEE-754 bits of x.
  integer(c_int32_t) function bits(x)
    real(c_float), intent(in) :: x
    bits = transfer(x, 0_c_int32_t)
  end function bits

end program vfric_stroke_f
