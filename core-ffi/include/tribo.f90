! tribo.f90: Fortran 2003 ISO_C_BINDING interface to the tribo C ABI (tribo.h next to this
! file, whose comments document every constant, type and function; this module binds the same
! symbols with the same names). Kept in step with tribo.h by core-ffi/tests/fortran.rs.
!
! Link: libtribo_core_ffi.a -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
!
! Type mapping: float = real(c_float); int32_t and uint32_t = integer(c_int32_t) (the contact
! and units values are small; the bits are the same); uint64_t = integer(c_int64_t) (a seed
! above 2**63 reads negative); size_t = integer(c_size_t); a struct pointer = the bind(C)
! derived type passed by reference; const char * = type(c_ptr) (tribo_status_message gives a
! Fortran string).
!
! Call sequence (one model per process, read-only after init; see tribo.h "Threads and
! one-time initialisation"):
!   type(TriboModel), save, target :: model
!   status = tribo_model_init(model, c_sizeof(model), TRIBO_ABI_VERSION, table, table_len, &
!                             TRIBO_UNITS_MM_TONNE_S, k_s)
!   per contact point k and increment: status = tribo_point_step(model, state(k), input, output)
module tribo
  use, intrinsic :: iso_c_binding, only: c_int8_t, c_int32_t, c_int64_t, c_size_t, c_float, &
       c_ptr, c_char, c_associated, c_f_pointer
  implicit none

  integer(c_int32_t), parameter :: TRIBO_ABI_VERSION = 3
  integer, parameter :: TRIBO_MODEL_WORDS = 384
  integer, parameter :: TRIBO_NAME_BYTES = 48
  integer(c_int32_t), parameter :: TRIBO_ALPHA_SAMPLES = 16
  integer(c_int32_t), parameter :: TRIBO_MU_P_NONE = 0
  integer(c_int32_t), parameter :: TRIBO_MU_P_DOCUMENTED_DEFAULT = 1
  integer(c_int32_t), parameter :: TRIBO_MU_P_FITTED_STRIP_DRAW = 2
  integer(c_int32_t), parameter :: TRIBO_MU_P_FITTED_SEED000_PASSES = 3
  integer(c_int32_t), parameter :: TRIBO_MU_P_SIMULATED_SHEAR_CELL = 4
  integer, parameter :: TRIBO_MAX_TABLE_BYTES = 4096
  real(c_float), parameter :: TRIBO_MAX_SLIP_RATE_SI = 100.0_c_float
  real(c_float), parameter :: TRIBO_MAX_SLIP_INCREMENT_SI = 1.0_c_float
  integer(c_int32_t), parameter :: TRIBO_CONTACT_OPEN = 0
  integer(c_int32_t), parameter :: TRIBO_CONTACT_STICK = 1
  integer(c_int32_t), parameter :: TRIBO_CONTACT_SLIP = 2
  integer(c_int32_t), parameter :: TRIBO_UNITS_SI = 0
  integer(c_int32_t), parameter :: TRIBO_UNITS_MM_TONNE_S = 1
  integer(c_int32_t), parameter :: TRIBO_UNITS_MM_MS_KG = 2

  ! TriboStatus (meaning and what to do: tribo.h).
  integer(c_int32_t), parameter :: TRIBO_STATUS_OK = 0
  integer(c_int32_t), parameter :: TRIBO_STATUS_NULL_POINTER = 1
  integer(c_int32_t), parameter :: TRIBO_STATUS_MISALIGNED = 2
  integer(c_int32_t), parameter :: TRIBO_STATUS_NOT_INITIALIZED = 3
  integer(c_int32_t), parameter :: TRIBO_STATUS_TABLE_TOO_LARGE = 4
  integer(c_int32_t), parameter :: TRIBO_STATUS_INVALID_STATE = 5
  integer(c_int32_t), parameter :: TRIBO_STATUS_ABI_VERSION_MISMATCH = 6
  integer(c_int32_t), parameter :: TRIBO_STATUS_MODEL_SIZE_MISMATCH = 7
  integer(c_int32_t), parameter :: TRIBO_STATUS_UNKNOWN_UNITS = 8
  integer(c_int32_t), parameter :: TRIBO_STATUS_TRUNCATED = 10
  integer(c_int32_t), parameter :: TRIBO_STATUS_BAD_MAGIC = 11
  integer(c_int32_t), parameter :: TRIBO_STATUS_UNSUPPORTED_VERSION = 12
  integer(c_int32_t), parameter :: TRIBO_STATUS_CRC_MISMATCH = 13
  integer(c_int32_t), parameter :: TRIBO_STATUS_MALFORMED = 14
  integer(c_int32_t), parameter :: TRIBO_STATUS_INVALID_TABLE = 15
  integer(c_int32_t), parameter :: TRIBO_STATUS_BUFFER_TOO_SMALL = 16
  integer(c_int32_t), parameter :: TRIBO_STATUS_NON_FINITE_INPUT = 17
  integer(c_int32_t), parameter :: TRIBO_STATUS_OUT_OF_DOMAIN = 18
  integer(c_int32_t), parameter :: TRIBO_STATUS_INVALID_PARAMETER = 19
  integer(c_int32_t), parameter :: TRIBO_STATUS_CFL_VIOLATION = 20
  integer(c_int32_t), parameter :: TRIBO_STATUS_MISSING_SECTION = 21
  integer(c_int32_t), parameter :: TRIBO_STATUS_IMPLAUSIBLE_LAW = 22
  integer(c_int32_t), parameter :: TRIBO_STATUS_PRESSURE_INVALID = 30
  integer(c_int32_t), parameter :: TRIBO_STATUS_PRESSURE_BELOW_PLAUSIBLE = 31
  integer(c_int32_t), parameter :: TRIBO_STATUS_PRESSURE_ABOVE_PLAUSIBLE = 32
  integer(c_int32_t), parameter :: TRIBO_STATUS_SLIP_RATE_INVALID = 33
  integer(c_int32_t), parameter :: TRIBO_STATUS_SLIP_RATE_ABOVE_PLAUSIBLE = 34
  integer(c_int32_t), parameter :: TRIBO_STATUS_TIME_STEP_INVALID = 35
  integer(c_int32_t), parameter :: TRIBO_STATUS_SLIP_INCREMENT_INVALID = 36
  integer(c_int32_t), parameter :: TRIBO_STATUS_AREA_INVALID = 37
  integer(c_int32_t), parameter :: TRIBO_STATUS_BETA_INVALID = 38
  integer(c_int32_t), parameter :: TRIBO_STATUS_SHEAR_STIFFNESS_IMPLAUSIBLE = 39
  integer(c_int32_t), parameter :: TRIBO_STATUS_WARNING_MU_REACHES_ZERO = 50
  integer(c_int32_t), parameter :: TRIBO_STATUS_UNKNOWN_CORE_ERROR = 99

  type, bind(C) :: TriboModel
    integer(c_int64_t) :: opaque(TRIBO_MODEL_WORDS)
  end type TriboModel

  type, bind(C) :: TriboModelInfo
    integer(c_int64_t) :: seed
    integer(c_int64_t) :: config_hash
    integer(c_int32_t) :: calibrated
    integer(c_int32_t) :: units
    real(c_float) :: mu0
    real(c_float) :: shear_stiffness
    real(c_float) :: table_zeta
    real(c_float) :: pressure_min
    real(c_float) :: pressure_max
    real(c_float) :: slip_rate_max
    integer(c_int32_t) :: format_version
    integer(c_int32_t) :: particle_friction_origin
    real(c_float) :: particle_friction
    real(c_float) :: particle_friction_interval(2)
    integer(c_int32_t) :: alpha_samples
    integer(c_int32_t) :: has_systematic
    integer(c_int8_t) :: dominant_systematic(TRIBO_NAME_BYTES)
  end type TriboModelInfo

  type, bind(C) :: TriboAlphaSample
    real(c_float) :: slip_rate
    real(c_float) :: alpha
    real(c_float) :: alpha_statistical(2)
    real(c_float) :: alpha_systematic(2)
    real(c_float) :: alpha_total(2)
    real(c_float) :: beta_thres
    real(c_float) :: beta_thres_statistical(2)
    real(c_float) :: beta_thres_systematic(2)
    real(c_float) :: beta_thres_total(2)
    integer(c_int32_t) :: cases
    integer(c_int32_t) :: has_systematic
  end type TriboAlphaSample

  type, bind(C) :: TriboNodeState
    real(c_float) :: beta
    real(c_float) :: elastic_slip
    integer(c_int32_t) :: contact
  end type TriboNodeState

  type, bind(C) :: TriboNodeInput
    real(c_float) :: dt
    real(c_float) :: slip_increment
    real(c_float) :: pressure
    real(c_float) :: slip_rate
  end type TriboNodeInput

  type, bind(C) :: TriboNodeOutput
    real(c_float) :: mu
    real(c_float) :: shear_stress
    real(c_float) :: beta_thres
  end type TriboNodeOutput

  type, bind(C) :: TriboPointState
    real(c_float) :: beta
    real(c_float) :: elastic_slip(2)
    integer(c_int32_t) :: contact
  end type TriboPointState

  type, bind(C) :: TriboPointInput
    real(c_float) :: dt
    real(c_float) :: slip_increment(2)
    real(c_float) :: pressure
    real(c_float) :: area
  end type TriboPointInput

  type, bind(C) :: TriboPointOutput
    real(c_float) :: mu
    real(c_float) :: traction(2)
    real(c_float) :: force(2)
    real(c_float) :: slip_rate
    real(c_float) :: beta_thres
  end type TriboPointOutput

  interface
    ! tribo_abi_version() of tribo.h: Fortran names are case-insensitive, so the procedure
    ! cannot share the name of the constant TRIBO_ABI_VERSION.
    function tribo_library_abi_version() result(version) bind(C, name="tribo_abi_version")
      import :: c_int32_t
      integer(c_int32_t) :: version
    end function tribo_library_abi_version

    function tribo_model_init(model, model_size, abi_version, table, table_len, units, &
        shear_stiffness) result(status) bind(C, name="tribo_model_init")
      import :: TriboModel, c_size_t, c_int32_t, c_int8_t, c_float
      type(TriboModel), intent(inout) :: model
      integer(c_size_t), value :: model_size
      integer(c_int32_t), value :: abi_version
      integer(c_int8_t), intent(in) :: table(*)
      integer(c_size_t), value :: table_len
      integer(c_int32_t), value :: units
      real(c_float), value :: shear_stiffness
      integer(c_int32_t) :: status
    end function tribo_model_init

    function tribo_model_info(model, info) result(status) bind(C, name="tribo_model_info")
      import :: TriboModel, TriboModelInfo, c_int32_t
      type(TriboModel), intent(in) :: model
      type(TriboModelInfo), intent(out) :: info
      integer(c_int32_t) :: status
    end function tribo_model_info

    function tribo_model_alpha_sample(model, index, sample) result(status) &
        bind(C, name="tribo_model_alpha_sample")
      import :: TriboModel, TriboAlphaSample, c_int32_t
      type(TriboModel), intent(in) :: model
      integer(c_int32_t), value :: index
      type(TriboAlphaSample), intent(out) :: sample
      integer(c_int32_t) :: status
    end function tribo_model_alpha_sample

    function tribo_mu(model, pressure, slip_rate, beta, mu) result(status) &
        bind(C, name="tribo_mu")
      import :: TriboModel, c_float, c_int32_t
      type(TriboModel), intent(in) :: model
      real(c_float), value :: pressure
      real(c_float), value :: slip_rate
      real(c_float), value :: beta
      real(c_float), intent(out) :: mu
      integer(c_int32_t) :: status
    end function tribo_mu

    function tribo_beta_thres(model, slip_rate, beta_thres) result(status) &
        bind(C, name="tribo_beta_thres")
      import :: TriboModel, c_float, c_int32_t
      type(TriboModel), intent(in) :: model
      real(c_float), value :: slip_rate
      real(c_float), intent(out) :: beta_thres
      integer(c_int32_t) :: status
    end function tribo_beta_thres

    function tribo_node_step(model, state, input, output) result(status) &
        bind(C, name="tribo_node_step")
      import :: TriboModel, TriboNodeState, TriboNodeInput, TriboNodeOutput, c_int32_t
      type(TriboModel), intent(in) :: model
      type(TriboNodeState), intent(inout) :: state
      type(TriboNodeInput), intent(in) :: input
      type(TriboNodeOutput), intent(inout) :: output
      integer(c_int32_t) :: status
    end function tribo_node_step

    function tribo_node_reset(state) result(status) bind(C, name="tribo_node_reset")
      import :: TriboNodeState, c_int32_t
      type(TriboNodeState), intent(inout) :: state
      integer(c_int32_t) :: status
    end function tribo_node_reset

    function tribo_point_step(model, state, input, output) result(status) &
        bind(C, name="tribo_point_step")
      import :: TriboModel, TriboPointState, TriboPointInput, TriboPointOutput, c_int32_t
      type(TriboModel), intent(in) :: model
      type(TriboPointState), intent(inout) :: state
      type(TriboPointInput), intent(in) :: input
      type(TriboPointOutput), intent(inout) :: output
      integer(c_int32_t) :: status
    end function tribo_point_step

    function tribo_point_reset(state) result(status) bind(C, name="tribo_point_reset")
      import :: TriboPointState, c_int32_t
      type(TriboPointState), intent(inout) :: state
      integer(c_int32_t) :: status
    end function tribo_point_reset

    function tribo_status_name(code) result(name) bind(C, name="tribo_status_name")
      import :: c_int32_t, c_ptr
      integer(c_int32_t), value :: code
      type(c_ptr) :: name
    end function tribo_status_name
  end interface

contains

  ! tribo_status_name(code) as a Fortran string (never empty: unknown codes have a text).
  function tribo_status_message(code) result(message)
    integer(c_int32_t), intent(in) :: code
    character(len=:), allocatable :: message
    character(kind=c_char), pointer :: text(:)
    type(c_ptr) :: p
    integer :: n
    p = tribo_status_name(code)
    if (.not. c_associated(p)) then
      message = '?'
      return
    end if
    call c_f_pointer(p, text, [256])
    n = 0
    do while (n < 256)
      if (text(n + 1) == char(0)) exit
      n = n + 1
    end do
    allocate(character(len=n) :: message)
    message = transfer(text(1:n), message)
  end function tribo_status_message

end module tribo
